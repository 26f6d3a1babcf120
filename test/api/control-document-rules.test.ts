import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { controlDocument } from '../../server/control/document.ts';
import { makeTestApp } from '../support/app.ts';

/**
 * The control document says what the control API enforces (issue 41 items 3 and 4): each input is
 * judged by the published document (ajv, JSON Schema 2020-12 with formats) and sent to the API.
 */
const doc = controlDocument();
const ajv = new Ajv2020Module.default({ strict: false });
addFormatsModule.default(ajv);
ajv.addSchema(doc as object, 'control.json');

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
type Parameter = { name: string; in: string };
const parameterSchema = (method: string, path: string, name: string, where = 'path') => {
  const params = ((doc.paths![path] as Record<string, { parameters: Parameter[] }>)[method]).parameters;
  const index = params.findIndex((p) => p.name === name && p.in === where);
  return ajv.compile({ $ref: `control.json#/paths/${escape(path)}/${method}/parameters/${index}/schema` });
};

describe('a snapshot name in the path (issue 41 item 4)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-snapshot-names-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = makeTestApp({ dataDir });

  it.each([
    ['antes-de-pagar', true],
    ['a', true],
    ['0-9', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['Antes', false],
    ['antes_de_pagar', false],
    ['año', false],
    ['a.b', false],
  ] as const)('when a snapshot named %s is deleted, then the document and the API agree it is valid: %s', async (name, valid) => {
    const res = await t.request.delete(`/_testbed/snapshots/${encodeURIComponent(name)}`);

    expect(parameterSchema('delete', '/_testbed/snapshots/{name}', 'name')(name)).toBe(valid);
    expect(parameterSchema('post', '/_testbed/snapshots/{name}/restore', 'name')(name)).toBe(valid);
    // Valid and absent: 404; not valid: 400 in Spanish, naming the rule.
    expect(res.status).toBe(valid ? 404 : 400);
    if (!valid) expect(res.body.error).toMatchObject({ code: 'VALIDATION', details: [{ field: 'name', message: 'Debe cumplir [a-z0-9-]{1,64}' }] });
  });
});

describe('the name prefix of a deletion of many worlds', () => {
  const t = makeTestApp();

  it.each([
    ['', false],
    ['a', true],
    ['x'.repeat(200), true],
    ['x'.repeat(201), false],
    // Characters, as JSON Schema's maxLength counts them, not UTF-16 units.
    ['🚕'.repeat(200), true],
    ['🚕'.repeat(201), false],
  ] as const)('when DELETE /_testbed/tenants gets name=%j, then the document and the API agree it is valid: %s', async (name, valid) => {
    const res = await t.request.delete('/_testbed/tenants').query({ name });

    expect(parameterSchema('delete', '/_testbed/tenants', 'name', 'query')(name)).toBe(valid);
    expect(res.status).toBe(valid ? 200 : 400);
  });
});

describe('who may call, as the document says it (issue 41 item 3)', () => {
  it('when the document is read, then auth is optional: bearer or nothing, with the rule in the description', () => {
    const scheme = doc.components!.securitySchemes!.controlToken as { type: string; scheme: string; description: string };

    expect(doc.security).toEqual([{ controlToken: [] }, {}]);
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.description).toMatch(/Con `FLEET_CONTROL_TOKEN` definido, toda llamada necesita `Authorization: Bearer/);
    expect(scheme.description).toMatch(/Sin él, no se pide autenticación, pero solo se aceptan conexiones locales/);
    expect(doc.info.description).toContain(scheme.description);
  });

  it('when no token is set, then a call without credentials is served; when one is, the same call is 401', async () => {
    const open = await makeTestApp().request.get('/_testbed/clock');
    const guarded = await makeTestApp({ controlToken: 'ctl-0123456789abcdef' }).request.get('/_testbed/clock');

    expect([open.status, guarded.status]).toEqual([200, 401]);
  });
});
