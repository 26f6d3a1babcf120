import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../output.ts';
import { alive } from './process-alive.ts';
import { PORT_FILE } from './serve-port.ts';

export interface DataDirLock {
  /** Says the port serve took (`serve.port`): a command with PORT=0 finds it there (servePortOf). */
  announce(port: number): void;
  release(): void;
}


/**
 * One `serve` per data dir. The lock is SQLite's own exclusive lock on `serve.lock`, held for the
 * life of the process: the kernel drops it when the holder dies, however it dies, so a stale lock
 * is taken over with no PID guesswork (a PID reused by an unrelated process cannot hold it).
 * `serve.pid` beside it names the holder for the refusal message only. CLI commands that write
 * the data dir (tenants, keys) do not take it: they share api.db with serve, as SQLite allows.
 */
export function takeDataDirLock(dataDir: string): DataDirLock {
  const pidFile = join(dataDir, 'serve.pid');
  const db = new Database(join(dataDir, 'serve.lock'), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; EXCLUSIVE mode keeps it until the connection closes.
    db.exec('CREATE TABLE IF NOT EXISTS serve_lock (id INTEGER PRIMARY KEY)');
    db.exec('BEGIN EXCLUSIVE; DELETE FROM serve_lock; COMMIT');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    throw new CliError(`el directorio de datos ${dataDir} ya lo está sirviendo otro "fleet-sim serve" (${holder(pidFile)}); detenlo o usa otro FLEET_DATA_DIR`);
  }
  writeFileSync(pidFile, `${process.pid}\n`);
  const portFile = join(dataDir, PORT_FILE);
  // One a serve killed before left names a port nobody listens on: gone before this one says its own.
  rmSync(portFile, { force: true });
  let held = true;
  return {
    announce(port) {
      if (held) writeFileSync(portFile, `${port}\n`);
    },
    release() {
      if (!held) return;
      held = false;
      rmSync(pidFile, { force: true });
      rmSync(portFile, { force: true });
      db.close();
    },
  };
}

/**
 * The holder as this process can name it. A PID of another PID namespace (another container on the
 * same volume, where serve is PID 1 too) means nothing here: our own PID, or none alive, says so.
 */
function holder(pidFile: string): string {
  const pid = holderPid(pidFile);
  if (pid === null) return 'PID desconocido';
  return pid === process.pid || !alive(pid) ? `PID ${pid} en otro contenedor o equipo que comparte este directorio` : `PID ${pid}`;
}

function holderPid(pidFile: string): number | null {
  try {
    const pid = readFileSync(pidFile, 'utf8').trim();
    return /^\d+$/.test(pid) ? Number(pid) : null;
  } catch {
    // The holder took the lock an instant ago and has not written its PID yet.
    return null;
  }
}
