import { chmodSync, copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NOBODY = 65534;
const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));
/** What `fleet-sim serve` loads up to its data dir checks (node_modules whole: it is linked, not copied). */
const NEEDED = ['package.json', 'cli', 'dist', 'node_modules'];

/** Whether a user who is neither owner nor in the group can open the file: every directory above searchable. */
export function othersCanReach(file: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return (statSync(file).mode & 0o004) !== 0;
  }
}

/** Hard links where the file system allows (instant), copies where it does not; symlinks (.bin) are left out. */
function linkTree(from: string, to: string): void {
  const stats = statSync(from);
  if (stats.isFile()) {
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
      chmodSync(to, stats.mode & 0o777);
    }
    return;
  }
  mkdirSync(to, { mode: 0o755 });
  chmodSync(to, 0o755);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
  }
}

export interface NobodyRun {
  spawn: { uid: number; gid: number };
  command: string[];
  cleanup(): void;
}

/**
 * Running as root, permissions do not apply: a command then runs as `nobody`, for whom they hold.
 * A checkout cloned under a private directory (mktemp -d, or node under /root) is out of nobody's
 * reach, so node and what serve loads are linked into a directory everyone can read. Null when
 * not root: the command runs as the current user, for whom permissions already hold.
 */
export function serveAsNobody(args: string[]): NobodyRun | null {
  if (process.getuid?.() !== 0) return null;
  const root = mkdtempSync(join(tmpdir(), 'fleet-nobody-'));
  chmodSync(root, 0o755);
  const cleanup = () => rmSync(root, { recursive: true, force: true });
  if (!othersCanReach(root)) {
    cleanup();
    throw new Error(`${tmpdir()} no es accesible para nobody: usa un TMPDIR legible por todos`);
  }
  for (const name of NEEDED) linkTree(join(CHECKOUT, name), join(root, name));
  linkTree(process.execPath, join(root, 'node'));
  return { spawn: { uid: NOBODY, gid: NOBODY }, command: [join(root, 'node'), join(root, 'cli/bin.mjs'), ...args], cleanup };
}
