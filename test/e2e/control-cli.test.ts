import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

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
    expect(res.stderr.trim()).toBe('error: El tenant no existe.');
  }, 120_000);
});
