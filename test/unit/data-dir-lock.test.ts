import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeDataDirLock, type DataDirLock } from '../../cli/lib/data-dir-lock.ts';

// The lock held by this process stands in for another serve: SQLite refuses a second exclusive
// connection to the same file within one process too. Only the PID file's content varies.
describe('the refusal of a second serve on a data dir names its holder as this process can see it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-lock-'));
  let held: DataDirLock | undefined;
  afterEach(() => held?.release());

  const refusalWith = (pidFileContent: string | null): string => {
    held = takeDataDirLock(dir);
    if (pidFileContent === null) rmSync(join(dir, 'serve.pid'));
    else writeFileSync(join(dir, 'serve.pid'), pidFileContent);
    try {
      takeDataDirLock(dir).release();
      return 'taken';
    } catch (err) {
      return (err as Error).message;
    }
  };
  const refusal = (holder: string) =>
    `el directorio de datos ${dir} ya lo está sirviendo otro "fleet-sim serve" (${holder}); detenlo o usa otro FLEET_DATA_DIR`;

  it('a PID alive here (the parent process) is named as it is', () => {
    expect(refusalWith(`${process.ppid}\n`)).toBe(refusal(`PID ${process.ppid}`));
  });

  it("our own PID is another PID namespace's (a second container on the volume, serve PID 1 in both)", () => {
    expect(refusalWith(`${process.pid}\n`)).toBe(refusal(`PID ${process.pid} en otro contenedor o equipo que comparte este directorio`));
  });

  it('a PID with no process here is another machine or container too', () => {
    expect(refusalWith('4194303\n')).toBe(refusal('PID 4194303 en otro contenedor o equipo que comparte este directorio'));
  });

  it('no PID file yet (the holder has just taken the lock) or an unreadable one: unknown', () => {
    expect(refusalWith(null)).toBe(refusal('PID desconocido'));
    held!.release();
    expect(refusalWith('abc\n')).toBe(refusal('PID desconocido'));
  });
});
