import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document.ts';
import { makeTestApp } from '../support/app.ts';

/**
 * What an integrator does with `npm run openapi`: generate types with openapi-typescript, write a
 * client with openapi-fetch, compile it, call the API. The generated files live under the
 * git-ignored `.tmp/` so that `openapi-fetch` resolves from the project's node_modules.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CLIENT_SOURCE = `import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type Vehicle = components['schemas']['Vehicle'];
export type Client = ReturnType<typeof createClient<paths>>;

export function fleetClient(baseUrl: string, apiKey: string, fetch: (request: Request) => Promise<Response>): Client {
  return createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` }, fetch });
}

export async function meThenCreateVehicle(client: Client) {
  const me = await client.GET('/v1/me');
  if (!me.data) throw new Error(\`GET /v1/me answered \${me.response.status}\`);
  const tenantName: string = me.data.tenantName;
  const created = await client.POST('/v1/vehicles', {
    body: { plate: 'TYP-001', brand: 'Nissan', model: 'Versa', year: 2022, color: 'blanco', platforms: ['platform_b'] },
  });
  if (!created.data) throw new Error(\`POST /v1/vehicles answered \${created.response.status}\`);
  const vehicle: Vehicle = created.data;
  const listed = await client.GET('/v1/vehicles', { params: { query: { limit: 10, plate: vehicle.plate } } });
  const again = await client.POST('/v1/vehicles', { body: { plate: 'TYP-001', brand: 'Nissan', model: 'Versa', year: 2022, colorId: vehicle.colorId } });
  const conflictCode: string | undefined = again.error?.error.code;
  return { tenantName, vehicle, status: created.response.status, listed: listed.data?.data.map((v) => v.id), conflictCode };
}

// Each line must fail to compile: proof that the generated types are real, not \`any\`.
export function misuse(client: Client) {
  // @ts-expect-error year is an integer in the document
  void client.POST('/v1/vehicles', { body: { plate: 'TYP-002', brand: 'a', model: 'b', year: '2022', color: 'rojo' } });
  // @ts-expect-error plate is required
  void client.POST('/v1/vehicles', { body: { brand: 'a', model: 'b', year: 2022, color: 'rojo' } });
  // @ts-expect-error color or colorId is required
  void client.POST('/v1/vehicles', { body: { plate: 'TYP-003', brand: 'a', model: 'b', year: 2022 } });
  // @ts-expect-error no such path
  void client.GET('/v1/nowhere');
  // @ts-expect-error limit is a number
  void client.GET('/v1/vehicles', { params: { query: { limit: 'ten' } } });
}
`;

/** The runtime face of client.ts; its real types are checked by the compiler test above. */
interface GeneratedClient {
  fleetClient(baseUrl: string, apiKey: string, fetch: (request: Request) => Promise<Response>): unknown;
  meThenCreateVehicle(client: unknown): Promise<{
    tenantName: string;
    vehicle: { id: string; plate: string };
    status: number;
    listed: string[] | undefined;
    conflictCode: string | undefined;
  }>;
}

describe('a typed client generated from the document', () => {
  let dir: string;
  let server: Server;
  let baseUrl: string;
  const t = makeTestApp();

  beforeAll(async () => {
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    dir = mkdtempSync(join(ROOT, '.tmp', 'openapi-client-'));
    writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(openApiDocument() as never)));
    writeFileSync(join(dir, 'client.ts'), CLIENT_SOURCE);
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when the client is type-checked against the generated types, then it compiles and the misuses are refused', () => {
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });

    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

    expect(errors).toEqual([]);
  }, 60_000); // a whole-program type check takes seconds, more on a busy CI runner

  it('when it calls the app on 127.0.0.1, then GET /v1/me and POST /v1/vehicles answer as typed', async () => {
    const { auth, tenant } = t.newTenant('Flota Tipada');
    const apiKey = auth.Authorization.replace('Bearer ', '');
    // Bound to the in-process app: a client that tried to reach anything else would fail loudly.
    const boundFetch = (request: Request) => {
      if (!request.url.startsWith(`${baseUrl}/`)) throw new Error(`unexpected request to ${request.url}`);
      return fetch(request);
    };
    const client = (await import(pathToFileURL(join(dir, 'client.ts')).href)) as GeneratedClient;

    const result = await client.meThenCreateVehicle(client.fleetClient(baseUrl, apiKey, boundFetch));

    expect(result.tenantName).toBe(tenant.name);
    expect(result.status).toBe(201);
    expect(result.vehicle).toMatchObject({ plate: 'TYP-001', color: 'Blanco', platforms: ['platform_b'] });
    expect(result.listed).toEqual([result.vehicle.id]);
    expect(result.conflictCode).toBe('CONFLICT');
  });
});
