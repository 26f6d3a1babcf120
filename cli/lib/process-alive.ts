import { readFileSync } from 'node:fs';

/** Whether a process is still there: signal 0 checks without sending; EPERM is a process of another user's. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a process has ended: gone, or dead but not yet reaped by its parent (a zombie, which
 * signal 0 still finds: a test process killed with SIGKILL under a runner that has not waited
 * for it). Where /proc is not there (macOS), signal 0 alone.
 */
export function ended(pid: number): boolean {
  if (!alive(pid)) return true;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.[0] === 'Z';
  } catch {
    return false;
  }
}
