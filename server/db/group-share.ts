import { chmodSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A database file in a folder its group may write (the container's /data: group root, for any uid of
 * group 0, OpenShift's way) gets its group's write too, when this uid made it: SQLite makes a file
 * 0644 whatever the umask, and its -wal and -shm files with the database's own mode, so a copy left
 * 0644 (a snapshot's, the reset's baseline) had them made so too, and the next uid of the group could
 * not open them (a reset answered 503 for ever). Another uid's file is left as it is.
 */
export function shareWithFolderGroup(file: string): void {
  try {
    if (!(statSync(dirname(file)).mode & 0o020)) return;
    const { mode, uid } = statSync(file);
    if (!(mode & 0o020) && uid === process.getuid?.()) chmodSync(file, mode | 0o020);
  } catch {
    // Not there, or not this uid's to change: opened as it is, and a failure says why then.
  }
}
