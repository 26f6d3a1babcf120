import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../server/auth/scopes.ts';
import { ERROR_CATALOG } from '../../server/errors.ts';
import { z } from 'zod';
import { buildOpenApiDocument, openApiDocument } from '../../server/openapi/document.ts';
import { OPERATIONS } from '../../server/openapi/operations.ts';
import { defineOperation } from '../../server/openapi/registry.ts';
import { makeTestApp } from '../support/app.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const doc = openApiDocument();
type Operation = { security?: unknown[]; responses: Record<string, any>; parameters?: any[]; 'x-required-scope'?: string };
/** The codes an error response allows: its schema is the `Error` component narrowed by an allOf. */
const codesOf = (response: any): string[] => {
  const [envelope, narrowed] = response.content['application/json'].schema.allOf;
  expect(envelope).toEqual({ $ref: '#/components/schemas/Error' });
  return narrowed.properties.error.properties.code.enum;
};
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ method, path, op, label: `${method.toUpperCase()} ${path}` })),
);

describe('GET /v1/openapi.json', () => {
  it('when fetched without a key, then it answers 200 with the document built from the zod schemas', async () => {
    const { request } = makeTestApp();

    const res = await request.get('/v1/openapi.json');

    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0.0');
  });

  it('when `fleet-sim openapi --out FILE` runs (npm run openapi), then the file holds the same document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-openapi-'));
    try {
      const out = join(dir, 'openapi.json');
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [BIN, 'openapi', '--out', out, '--json'], { timeout: 30_000 }, (err, so) => (err ? reject(err) : resolve(so))),
      );
      expect(JSON.parse(stdout)).toMatchObject({ out, version: '1.0.0', operations: operations.length });
      expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(JSON.parse(JSON.stringify(doc)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the document', () => {
  it('when an operation needs a key, then it has bearer security, its scope and the 400/401/403/413/429/500/503 envelopes', () => {
    const authenticated = OPERATIONS.filter((op) => op.scope !== 'public');
    expect(authenticated.length).toBeGreaterThan(10);
    for (const spec of authenticated) {
      const op = (doc.paths![spec.path] as Record<string, Operation>)[spec.method];
      const scope = spec.scope === 'key' ? undefined : spec.scope;
      expect(op.security, spec.operationId).toEqual([{ bearerAuth: scope ? [scope] : [] }]);
      expect(op['x-required-scope'], spec.operationId).toBe(scope);
      expect(Object.keys(op.responses), spec.operationId).toEqual(expect.arrayContaining(['400', '401', '403', '413', '429', '500', '503']));
      expect(op.responses['429'].headers['Retry-After'], spec.operationId).toBeDefined();
      // A world's fault rule `unavailable` answers any of them so: the typed client's union must hold it.
      expect(codesOf(op.responses['503']), spec.operationId).toContain('PLATFORM_UNAVAILABLE');
      expect(op.responses['503'].headers['Retry-After'], spec.operationId).toBeDefined();
      const codes403 = codesOf(op.responses['403']);
      expect(codes403, spec.operationId).toEqual(expect.arrayContaining(scope ? ['TENANT_PENDING', 'INSUFFICIENT_SCOPE'] : ['TENANT_PENDING']));
    }
  });

  it('when health is described, then it is public: no security, 200 {status, version}, 400 (a request Node cannot read) and 500', () => {
    const health = (doc.paths!['/v1/health'] as Record<string, Operation>).get;
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses)).toEqual(['200', '400', '500']);
    expect(codesOf(health.responses['400'])).toEqual(['VALIDATION']);
  });

  it('when any error response is described, then it is the Error component with its codes narrowed', () => {
    for (const { label, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400) expect(codesOf(response).length, `${label} ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it('when the document is read, then it names the package licence, a base URL and a description for each tag', () => {
    const { license } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(license).toBe('MIT');
    expect(doc.info.license).toEqual({ name: license, identifier: license });
    expect(doc.servers!.map((s) => s.url)).toEqual(['/', 'http://{host}:{port}']);
    expect(doc.servers![1].variables).toMatchObject({ host: { default: '127.0.0.1' }, port: { default: '3000' } });
    expect(doc.tags!.filter((tag) => !tag.description)).toEqual([]);
  });

  it('when a list takes limit, then the document shows the integer 1..100 with default 25, not the text the route parses', () => {
    const limit = (doc.paths!['/v1/vehicles'] as Record<string, Operation>).get.parameters!.find((p) => p.name === 'limit');
    expect(limit).toEqual({ in: 'query', name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } });
  });

  it('when error codes are described, then every code of the catalog appears with its Spanish message', () => {
    const codes = (doc.components!.schemas!.ErrorCode as { enum: string[] }).enum;
    expect([...codes].sort()).toEqual(Object.keys(ERROR_CATALOG).sort());
    for (const [code, { status, message }] of Object.entries(ERROR_CATALOG)) {
      expect(doc.info.description).toContain(`| ${status} | \`${code}\` | ${message} |`);
    }
    const patch409 = (doc.paths!['/v1/vehicles/{id}'] as Record<string, Operation>).patch.responses['409'];
    expect(patch409.description).toContain(`| \`VEHICLE_COLOR_LOCKED\` | ${ERROR_CATALOG.VEHICLE_COLOR_LOCKED.message} |`);
  });

  it('when a request body is JSON, then it is a named requestBodies component with the input side of the zod schema', () => {
    const body = doc.components!.requestBodies!.CreateVehicleBody as { content: Record<string, { schema: any }> };
    expect(body.content['application/json'].schema.required).toEqual(['plate', 'brand', 'model', 'year']);
    expect(body.content['application/json'].schema.properties.year).toEqual({ type: 'integer', minimum: 2000, maximum: 2100 });
  });
});

describe('building a document', () => {
  const upload = defineOperation({
    method: 'post', path: '/v1/things/{id}/files', operationId: 'uploadThing', tags: ['Things'], scope: 'documents:write',
    summary: 'Sube un archivo', params: z.object({ id: z.uuid() }),
    content: { 'multipart/form-data': z.object({ type: z.literal('card'), file: z.string().meta({ format: 'binary' }) }) },
    responses: { 201: z.object({ id: z.uuid() }), 413: ['FILE_TOO_LARGE'], 415: ['INVALID_FILE_TYPE'] },
    handler: (_req, res) => void res.status(201).json({ id: '00000000-0000-4000-8000-000000000000' }),
  });

  it('when an operation takes a multipart body, then it is rendered with a binary file and its 413/415 codes', () => {
    const built = buildOpenApiDocument([upload]);
    const body = built.components!.requestBodies!.UploadThingBody as { content: Record<string, { schema: any }> };
    const op = (built.paths!['/v1/things/{id}/files'] as Record<string, Operation>).post;

    expect(body.content['multipart/form-data'].schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(codesOf(op.responses['413'])).toEqual(['FILE_TOO_LARGE']);
    expect(op.responses['415'].description).toContain('INVALID_FILE_TYPE');
  });

  it('when two operations share an operationId, then building fails and names it', () => {
    expect(() => buildOpenApiDocument([upload, { ...upload, method: 'put' }])).toThrow('operationId repetido: uploadThing');
  });
});

describe('the scope each operation declares is the one its route enforces', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const fill = (path: string) => path.replace('{id}', ID).replace('{platform}', 'platform_a');
  const send = (t: ReturnType<typeof makeTestApp>, method: string, path: string, auth: object) =>
    (t.request as unknown as Record<string, (p: string) => any>)[method](fill(path)).set(auth);

  it.each(OPERATIONS.filter((op) => op.scope !== 'public').map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    'when %s is called without the declared scope, then 403 INSUFFICIENT_SCOPE; with only that scope, no scope refusal',
    async (_label, op) => {
      const t = makeTestApp();
      const scope = op.scope === 'key' ? null : (op.scope as Scope);
      // A job is read with the scope of what it handles (known once found): a key with neither is refused first.
      const anyOf: Scope[] | null = op.operationId === 'getJob' ? ['vehicles:read', 'drivers:read'] : null;
      const others = SCOPES.filter((s) => s !== scope && (scope !== null || s === 'rides:read'));
      const lacking = await send(t, op.method, op.path, t.newTenant('Sin permiso', others).auth);
      const only = await send(t, op.method, op.path, t.newTenant('Con permiso', scope ? [scope] : (anyOf ?? ['rides:read']).slice(0, 1)).auth);

      if (scope) expect([lacking.status, lacking.body.error?.code, lacking.body.error?.details]).toEqual([403, 'INSUFFICIENT_SCOPE', { requiredScope: scope }]);
      else if (anyOf) expect([lacking.status, lacking.body.error?.code, lacking.body.error?.details]).toEqual([403, 'INSUFFICIENT_SCOPE', { anyOfScopes: anyOf }]);
      else expect(lacking.body.error?.code).not.toBe('INSUFFICIENT_SCOPE');
      expect(only.body.error?.code).not.toBe('INSUFFICIENT_SCOPE');
    },
  );
});
