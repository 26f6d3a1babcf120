import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/** The CLI's control commands against a running serve, as a QA script uses them. */
describe('fleet-sim tenants and keys against a running serve', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });

  it('when tenants are listed, deleted and their keys listed, then each command prints one JSON document and a deleted tenant is gone', async () => {
    const created = await env.cli(['tenants', 'create', '--name', 'Flota CLI']);
    const key = await env.cli(['keys', 'create', '--tenant', created.json.id, '--scopes', 'rides:read']);

    const listed = await env.cli(['tenants', 'list']);
    const keys = await env.cli(['keys', 'list', '--tenant', created.json.id]);
    const deleted = await env.cli(['tenants', 'delete', created.json.id]);
    const after = await env.cli(['tenants', 'list']);

    expect(listed.json.data.map((t: { name: string }) => t.name).sort()).toEqual(['Flota CLI', 'Flota Demo']);
    expect(keys.json.data).toEqual([
      { id: key.json.id, prefix: key.json.prefix, scopes: ['rides:read'], environment: 'test', createdAt: '2026-05-04T12:00:00.000Z', revokedAt: null },
    ]);
    expect(deleted.json).toEqual({ id: created.json.id, deleted: true });
    expect(after.json.data.map((t: { name: string }) => t.name)).toEqual(['Flota Demo']);
  }, 120_000);

  it('when a command names a tenant that does not exist, then it exits non-zero with one clear line and no stack trace', async () => {
    const res = await env.cli(['tenants', 'delete', '00000000-0000-4000-8000-000000000000']);

    expect(res.code).not.toBe(0);
    expect(res.stderr.trim()).toBe('error: El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed.');
  }, 120_000);

  it('when keys create names a tenant in a data dir with no tenant at all (a mistyped FLEET_DATA_DIR), then the line says where it looked; in the serve\'s own, it does not', async () => {
    const typo = mkdtempSync(join(tmpdir(), 'fleet-typo-'));
    const run = (dataDir: string) => promisify(execFile)(process.execPath, [BIN, 'keys', 'create', '--tenant', '00000000-0000-4000-8000-000000000000'], { env: { ...env.env, FLEET_DATA_DIR: dataDir } }).then(() => '', (err: { stderr: string }) => err.stderr.trim());

    const [elsewhere, own] = [await run(join(typo, 'data')), await run(env.dataDir)];

    expect(elsewhere).toBe(`error: El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed. El directorio de datos ${join(typo, 'data')} no tiene ningún tenant: ¿apunta FLEET_DATA_DIR al de tu serve?`);
    expect(own).toBe('error: El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed.');
    rmSync(typo, { recursive: true, force: true });
  }, 60_000);

  it.each([[''], ['   ']])('when a tenant is created with the name %j, then it exits 1 with VALIDATION and no tenant is made', async (name) => {
    const before = (await env.cli(['tenants', 'list'])).json.data.length;

    const res = await env.cli(['tenants', 'create', '--name', name]);

    expect(res.code).toBe(1);
    expect(res.json).toEqual({ error: { code: 'VALIDATION', message: 'name no puede estar vacío' } });
    expect((await env.cli(['tenants', 'list'])).json.data).toHaveLength(before);
  }, 60_000);

  it.each([
    ['restore', '..'],
    ['delete', '..'],
    ['restore', '.'],
    ['delete', 'Con_Mayúsculas'],
  ])('when snapshot %s names %j, then it is refused as save refuses it, before any other route is called', async (verb, name) => {
    const res = await env.cli(['snapshot', verb, name]);

    expect(res.code).toBe(1);
    expect(res.json.error).toEqual({ code: 'VALIDATION', message: `Nombre de instantánea no válido: «${name}» (de 1 a 64 letras minúsculas, dígitos o guiones).` });
  }, 60_000);

  it('when a snapshot is taken after a restore took the clock back, then snapshot list shows it first, with both times', async () => {
    await env.cli(['snapshot', 'save', 'primera']);
    await env.cli(['clock', 'advance', '3d']);
    await env.cli(['snapshot', 'save', 'adelantada']);
    await env.cli(['snapshot', 'restore', 'primera']);
    await env.cli(['snapshot', 'save', 'tras-restaurar']);

    const listed = await env.cli(['snapshot', 'list']);

    expect(listed.json.data.map((s: { name: string }) => s.name)).toEqual(['tras-restaurar', 'adelantada', 'primera']);
    expect(listed.json.data[0].createdAt < listed.json.data[1].createdAt).toBe(true);
    expect(listed.json.data[0].takenAt > listed.json.data[1].takenAt).toBe(true);
  }, 60_000);

  it('when tenants are deleted by name prefix, then those go and the answer names them; with --json, one document', async () => {
    const batch = [await env.cli(['tenants', 'create', '--name', 'lote-cli uno']), await env.cli(['tenants', 'create', '--name', 'lote-cli dos'])];
    await env.cli(['tenants', 'create', '--name', 'otro lote-cli']);

    const deleted = await env.cli(['tenants', 'delete', '--name-prefix', 'lote-cli', '--json']);
    const none = await env.cli(['tenants', 'delete', '--name-prefix', 'lote-cli']);
    const after = await env.cli(['tenants', 'list']);

    expect(deleted.json.deleted).toBe(2);
    expect([...deleted.json.ids].sort()).toEqual(batch.map((t) => t.json.id).sort());
    expect([none.code, none.json]).toEqual([0, { deleted: 0, ids: [] }]);
    expect(after.json.data.map((t: { name: string }) => t.name)).toContain('otro lote-cli');
    expect(after.json.data.map((t: { name: string }) => t.name)).not.toContain('lote-cli uno');
  }, 120_000);

  it.each([
    ['an empty prefix', ['--name-prefix', ''], /^error: La solicitud no es válida \(--name-prefix no puede estar vacío/],
    ['neither an id nor a prefix', [], /^error: indica el id de un tenant o --name-prefix, uno de los dos\.$/],
    ['both an id and a prefix', ['00000000-0000-4000-8000-000000000000', '--name-prefix', 'x'], /^error: indica el id de un tenant o --name-prefix/],
  ])('when tenants delete gets %s, then it exits non-zero with one clear line and deletes nothing', async (_label, args, message) => {
    const before = await env.cli(['tenants', 'list']);

    const res = await env.cli(['tenants', 'delete', ...args]);

    expect(res.code).not.toBe(0);
    expect(res.stderr.trim()).toMatch(message);
    expect((await env.cli(['tenants', 'list'])).json.data).toEqual(before.json.data);
  }, 120_000);
});
