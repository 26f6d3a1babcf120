import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What one saved world holds: the API's database and the platforms' one, taken at the same instant. */
export interface SnapshotFiles {
  dir: string;
  api: string;
  platforms: string;
}

export interface SnapshotInfo {
  name: string;
  /** The service's simulated time when it was taken, which a restore brings back. */
  createdAt: string;
  /** Real time when it was taken: what "newest" means, since simulated time can go back on a restore. */
  takenAt: string;
  sizeBytes: number;
}

export const SNAPSHOT_NAME = /^[a-z0-9-]{1,64}$/;
/** The refusal of a name outside SNAPSHOT_NAME: the serve's, and the doors' that check it before they call. */
export const badSnapshotName = (name: string) => `Nombre de instantánea no válido: «${name}» (de 1 a 64 letras minúsculas, dígitos o guiones).`;
/** The refusal's one detail, as the serve's 400 VALIDATION carries it. */
export const BAD_SNAPSHOT_NAME_DETAIL = Object.freeze({ field: 'name', message: 'Debe cumplir [a-z0-9-]{1,64}' });
const META = 'snapshot.json';

const filesIn = (dir: string): SnapshotFiles => ({ dir, api: join(dir, 'api.db'), platforms: join(dir, 'platforms.db') });

/**
 * Snapshots live under `$FLEET_DATA_DIR/snapshots/<name>/`, and the state of a new data dir (what
 * reset brings back) under `$FLEET_DATA_DIR/baseline/`. A snapshot is written into a hidden
 * directory and renamed into place, so a crash mid-way never leaves a half snapshot under a name.
 */
export function createSnapshotFiles(dataDir: string) {
  const root = join(dataDir, 'snapshots');
  const named = (name: string) => filesIn(join(root, name));

  function readInfo(name: string): SnapshotInfo | null {
    const files = named(name);
    try {
      const meta = JSON.parse(readFileSync(join(files.dir, META), 'utf8')) as { createdAt: string; takenAt?: string };
      // Snapshots saved before takenAt was recorded: their meta file was written when they were taken.
      const takenAt = meta.takenAt ?? statSync(join(files.dir, META)).mtime.toISOString();
      return { name, createdAt: meta.createdAt, takenAt, sizeBytes: statSync(files.api).size + statSync(files.platforms).size };
    } catch {
      return null;
    }
  }

  return {
    baseline: filesIn(join(dataDir, 'baseline')),
    hasBaseline: () => existsSync(join(dataDir, 'baseline', 'api.db')) && existsSync(join(dataDir, 'baseline', 'platforms.db')),
    /** An empty hidden directory to build the baseline in, renamed into place by `publishBaseline`. */
    stagingBaseline(): SnapshotFiles {
      const dir = join(dataDir, `.baseline-${process.pid}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      return filesIn(dir);
    },
    publishBaseline(staged: SnapshotFiles): void {
      rmSync(join(dataDir, 'baseline'), { recursive: true, force: true });
      renameSync(staged.dir, join(dataDir, 'baseline'));
    },
    named,
    exists: (name: string) => readInfo(name) !== null,
    info: readInfo,
    /** Newest first by real time, like every list of the testbed; ties by name. */
    list(): SnapshotInfo[] {
      if (!existsSync(root)) return [];
      return readdirSync(root)
        .filter((name) => SNAPSHOT_NAME.test(name))
        .map(readInfo)
        .filter((info): info is SnapshotInfo => info !== null)
        .sort((a, b) => b.takenAt.localeCompare(a.takenAt) || b.name.localeCompare(a.name));
    },
    /** An empty hidden directory to write a snapshot in before `publish`. */
    staging(name: string): SnapshotFiles {
      const dir = join(root, `.staging-${name}-${process.pid}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      return filesIn(dir);
    },
    /** Moves a staged snapshot under its name, replacing one saved before under the same name. */
    publish(staged: SnapshotFiles, name: string, times: { createdAt: string; takenAt: string }): SnapshotInfo {
      writeFileSync(join(staged.dir, META), JSON.stringify({ name, ...times }) + '\n');
      const target = named(name).dir;
      rmSync(target, { recursive: true, force: true });
      renameSync(staged.dir, target);
      return readInfo(name)!;
    },
    discard: (staged: SnapshotFiles) => rmSync(staged.dir, { recursive: true, force: true }),
    remove: (name: string) => rmSync(named(name).dir, { recursive: true, force: true }),
  };
}

export type SnapshotStore = ReturnType<typeof createSnapshotFiles>;
