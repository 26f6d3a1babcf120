import { describe, expect, it } from 'vitest';
import { noTempDirProblem, sqliteTempDir } from '../../server/lib/temp-dir.ts';

describe("SQLite's temporary directory, as serve checks it at start (server/lib/temp-dir.ts)", () => {
  const only = (...writable: string[]) => (dir: string) => writable.includes(dir);

  it('when SQLITE_TMPDIR or TMPDIR is set and writable, then it is the one, in that order', () => {
    expect(sqliteTempDir({ SQLITE_TMPDIR: '/s', TMPDIR: '/t' }, only('/s', '/t', '/tmp'))).toBe('/s');
    expect(sqliteTempDir({ SQLITE_TMPDIR: '/s', TMPDIR: '/t' }, only('/t', '/tmp'))).toBe('/t');
  });

  it('when neither is set, then /var/tmp, /usr/tmp, /tmp and the working directory are tried in order', () => {
    expect(sqliteTempDir({}, only('/tmp', '.'))).toBe('/tmp');
    expect(sqliteTempDir({}, only('.'))).toBe('.');
  });

  it('when none may be written (a --read-only container without --tmpfs), then there is none', () => {
    expect(sqliteTempDir({ TMPDIR: '/t' }, only())).toBeNull();
  });

  it('when SQLite fails with a disk I/O error and no temporary directory is writable, then the answer says so and how to fix it; otherwise it is left to the error itself', () => {
    expect(noTempDirProblem('disk I/O error', () => null)).toBe(
      'No hay un directorio temporal escribible (SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp ni el directorio actual): SQLite no pudo escribir sus archivos temporales. En un contenedor --read-only, añade --tmpfs /tmp.',
    );
    expect(noTempDirProblem('disk I/O error', () => '/tmp')).toBeNull();
    expect(noTempDirProblem('database is locked', () => null)).toBeNull();
  });

  it('when this machine is asked, then it has one (the boundary: the real check finds a directory)', () => {
    expect(sqliteTempDir()).not.toBeNull();
  });
});
