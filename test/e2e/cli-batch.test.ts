import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const jsonOrText = (line: string) => {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as JSON Lines. */
  values: any[];
}

/** Long QA scripts in one process (issue 29): `fleet-sim batch FILE` and `fleet-sim -` on a running serve. */
describe('fleet-sim batch and fleet-sim - (commands one a line)', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-batch-'));
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[], stdin?: string) =>
    new Promise<Run>((resolve) => {
      const child = execFile(process.execPath, [BIN, ...args], { env: env.env, timeout: 60_000 }, (err, stdout, stderr) => {
        const values = stdout.split('\n').filter(Boolean).map(jsonOrText);
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr, values });
      });
      child.stdin!.end(stdin ?? '');
    });
  let files = 0;
  const batchFile = (lines: string[]) => {
    const file = join(dir, `script-${files++}.txt`);
    writeFileSync(file, lines.join('\n') + '\n');
    return file;
  };

  it('when a file of commands runs with --json, then each command prints one JSON line in order, with quoting, comments and blank lines handled', async () => {
    const file = batchFile([
      '# a world for the batch test',
      'tenants create --name "Flota Uno"   # double quotes',
      '',
      `tenants create --name 'Flota "Dos"' --pending`,
      'tenants create --name Flota\\ Tres',
      'clock now',
    ]);

    const res = await run(['batch', file, '--json']);

    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout.split('\n').filter(Boolean)).toHaveLength(4);
    expect(res.values.slice(0, 3).map((v) => [v.name, v.status])).toEqual([
      ['Flota Uno', 'active'],
      ['Flota "Dos"', 'pending'],
      ['Flota Tres', 'active'],
    ]);
    expect(res.values[3]).toEqual({ now: '2026-05-04T12:00:00.000Z' });
  }, 120_000);

  it('when a line gives an option, then the next line does not inherit it', async () => {
    const res = await run(['-', '--json'], 'tenants create --name Pendiente --pending\ntenants create --name Activa\n');

    expect(res.code).toBe(0);
    expect(res.values.map((v) => [v.name, v.status])).toEqual([
      ['Pendiente', 'pending'],
      ['Activa', 'active'],
    ]);
  }, 120_000);

  it('when a line fails, then the batch stops there with that command\'s exit code, its error envelope and the line number on stderr', async () => {
    const alone = await env.cli(['tenants', 'approve', UNKNOWN]);
    const script = ['# line 1 is a comment', 'clock now', `tenants approve ${UNKNOWN}`, 'tenants create --name "Nunca Creada"'].join('\n');

    const res = await run(['-', '--json'], script);
    const tenants = await env.cli(['tenants', 'list']);

    expect(alone.json).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(res.code).not.toBe(0);
    expect(res.code).toBe(alone.code);
    expect(res.values).toEqual([{ now: '2026-05-04T12:00:00.000Z' }, { error: { code: 'NOT_FOUND', message: alone.json.error.message } }]);
    expect(res.stderr).toBe(`error: ${alone.json.error.message}\nerror: se detuvo en la línea 3: tenants approve ${UNKNOWN}\n`);
    expect(tenants.json.data.map((t: { name: string }) => t.name)).not.toContain('Nunca Creada');
  }, 120_000);

  it('when --keep-going is given, then every line runs and the batch fails with the failing lines named', async () => {
    const file = batchFile(['clock advance 3x', 'tenants create --name "Sigue Adelante"', 'clock now --tenant', 'clock now']);

    const res = await run(['batch', file, '--json', '--keep-going']);

    expect(res.code).toBe(1);
    expect(res.values).toHaveLength(4);
    expect(res.values[0]).toEqual({ error: { code: null, message: 'duración no válida: 3x (ejemplos: 45m, 6h, 3d)' } });
    expect(res.values[1]).toMatchObject({ name: 'Sigue Adelante', status: 'active' });
    expect(res.values[2].error.message).toContain("a la opción '--tenant <id>' le falta su valor");
    expect(res.values[3]).toEqual({ now: '2026-05-04T12:00:00.000Z' });
    expect(res.stderr).toContain('error: falló la línea 1: clock advance 3x\n');
    expect(res.stderr).toContain('error: falló la línea 3: clock now --tenant\n');
    expect(res.stderr.trim().split('\n').at(-1)).toBe('error: fallaron 2 de 4 comandos (líneas 1, 3)');
  }, 120_000);

  it('when a line has an unclosed quote or would start a serve, then that line fails with a Spanish reason', async () => {
    const quote = await run(['-'], 'clock now\ntenants create --name "Sin cerrar\n');
    const serve = await run(['-', '--json'], 'serve\n');
    const follow = await run(['-', '--json', '--keep-going'], 'requests --tenant 00000000-0000-4000-8000-000000000000 --follow\nclock now\n');

    expect(quote.code).toBe(1);
    expect(quote.stdout).toMatch(/^Reloj simulado: \d{4}-\d\d-\d\d \d\d:\d\d CDMX\n$/);
    expect(quote.stderr).toBe('error: comilla " sin cerrar\nerror: se detuvo en la línea 2: tenants create --name "Sin cerrar\n');
    expect(serve.code).toBe(1);
    expect(serve.values).toEqual([{ error: { code: null, message: '"serve" no se puede usar en modo batch' } }]);
    // It would never end but at Ctrl-C, which ended the batch with 0 and its next lines never ran.
    expect(follow.code).toBe(1);
    expect(follow.values[0]).toEqual({ error: { code: null, message: '"requests --follow" no se puede usar en modo batch: no termina hasta Ctrl-C, y las líneas siguientes no se ejecutarían' } });
    expect(follow.values[1]).toHaveProperty('now');
  }, 120_000);

  it('when a batch runs without --json, then each command prints its Spanish human line', async () => {
    const res = await run(['-'], 'tenants create --name "Flota Humana"\nclock now --json\n');

    expect(res.code).toBe(0);
    const [created, hint, now] = res.stdout.split('\n');
    expect(created).toMatch(/^Flota [0-9a-f-]{36} \(Flota Humana\) creada — estado: active$/);
    expect(hint).toBe(`Sin clave aún: crea una con fleet-sim keys create --tenant ${created.split(' ')[1]}`);
    expect(JSON.parse(now)).toEqual({ now: '2026-05-04T12:00:00.000Z' });
  }, 120_000);

  it('when the file does not exist, then the batch fails at once with one line', async () => {
    const res = await run(['batch', join(dir, 'missing.txt')]);

    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: no se pudo leer .*missing\.txt: no existe\n$/);
  }, 60_000);
});
