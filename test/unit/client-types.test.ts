import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedClientTypes } from '../../client/generate-types.ts';
import { createClient, createControlClient, type ControlBody, type PartnerBody } from '../../client/index.ts';
import type { FaultRule, FaultRuleView, WorldFaults } from '../../testing/world-faults.ts';
import type { JournalEntry, RequestFilter } from '../../testing/world-requests.ts';
import type { World } from '../../testing/world.ts';

describe('fleet-testbed/client types', () => {
  it('when the OpenAPI documents are generated from the code, then the committed client types are exactly what they give', async () => {
    const stale: string[] = [];

    for (const { file, text } of await generatedClientTypes()) {
      if (readFileSync(file, 'utf8') !== text) stale.push(basename(file));
    }

    // Out of step: node --import tsx client/generate-types.ts, and commit both files.
    expect(stale).toEqual([]);
  }, 60_000);

  it('when a client is made, then its calls go to the base URL with the key as a Bearer token', async () => {
    const seen: Request[] = [];
    const fetch = async (request: Request) => {
      seen.push(request);
      return Response.json({ status: 'ok', version: '1.0.0' });
    };
    const partner = createClient({ baseUrl: 'http://testbed.test:3000/', key: 'fk_test_abc', fetch });
    const control = createControlClient({ baseUrl: 'http://testbed.test:3000', token: 'control-token-0123456', fetch });

    await partner.GET('/v1/health');
    await control.GET('/_testbed/clock', { params: { query: { tenant: 'x' } } });

    expect(seen.map((r) => [r.url, r.headers.get('authorization')])).toEqual([
      ['http://testbed.test:3000/v1/health', 'Bearer fk_test_abc'],
      ['http://testbed.test:3000/_testbed/clock?tenant=x', 'Bearer control-token-0123456'],
    ]);
  });

  it.each([
    ['createClient', () => createClient({ baseUrl: 'http://testbed.test:3000/v1/', key: 'k' }), '/v1'],
    ['createControlClient', () => createControlClient({ baseUrl: 'http://testbed.test:3000/_testbed' }), '/_testbed'],
  ])('when %s is given a base URL ending in the prefix its paths carry, then it throws naming the URL to give', (client, make, prefix) => {
    expect(make).toThrow(`${client} necesita la URL base sin ${prefix}, que cada ruta ya lleva: http://testbed.test:3000`);
  });

  it.each([
    ['createClient', () => createClient({ baseUrl: 'http://testbed.test:3000/_testbed', key: 'k' }), '/_testbed'],
    ['createControlClient', () => createControlClient({ baseUrl: 'http://testbed.test:3000/v1' }), '/v1'],
  ])('when %s is given the other API\'s URL, then it throws asking whether it is', (client, make, prefix) => {
    expect(make).toThrow(`${client} necesita la URL base del testbed, sin ${prefix} (¿la URL de la otra API?): http://testbed.test:3000`);
  });

  it.each(['http://gw.test/v1/fleet', 'http://v1', 'http://v1:3000/'])('when the base URL only has v1 elsewhere (%s), then it is taken', (baseUrl) => {
    expect(() => createClient({ baseUrl, key: 'k' })).not.toThrow();
  });

  it('when a body holds a Blob, then it goes as multipart form data; any other body as JSON', async () => {
    const seen: Request[] = [];
    const fetch = async (request: Request) => {
      seen.push(request);
      return Response.json({}, { status: 201 });
    };
    const client = createClient({ baseUrl: 'http://testbed.test', key: 'k', fetch });
    const path = { id: '00000000-0000-4000-8000-000000000000' };

    await client.POST('/v1/vehicles/{id}/documents', { params: { path }, body: { type: 'circulation_card_front', file: new Blob(['png'], { type: 'image/png' }) } });
    await client.POST('/v1/vehicles/{id}/registrations', { params: { path }, body: { platform: 'platform_a' } });
    const form = await seen[0].formData();

    expect(seen[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.get('type')).toBe('circulation_card_front');
    expect(await (form.get('file') as File).text()).toBe('png');
    expect(seen[1].headers.get('content-type')).toBe('application/json');
    expect(await seen[1].json()).toEqual({ platform: 'platform_a' });
  });
});

// Never called: each line must fail to compile (npm run typecheck), proof the types are the API's, not `any`.
export function misuse(client: ReturnType<typeof createClient>, control: ReturnType<typeof createControlClient>) {
  // @ts-expect-error year is an integer
  void client.POST('/v1/vehicles', { body: { plate: 'ABC1234', brand: 'a', model: 'b', year: '2023', color: 'blanco' } });
  // @ts-expect-error color or colorId must be given: an undefined color is neither (the API answers 400)
  void client.POST('/v1/vehicles', { body: { plate: 'ABC1234', brand: 'a', model: 'b', year: 2023, color: undefined } });
  // @ts-expect-error no such path
  void client.GET('/v1/vehicle');
  // @ts-expect-error platform_c is no platform
  void client.POST('/v1/vehicles/{id}/registrations', { params: { path: { id: 'x' } }, body: { platform: 'platform_c' } });
  // @ts-expect-error a document's file is a Blob, not a path
  void client.POST('/v1/vehicles/{id}/documents', { params: { path: { id: 'x' } }, body: { type: 'circulation_card_front', file: 'card.png' } });
  // @ts-expect-error a fault mode is none, error or slow
  void control.POST('/_testbed/faults', { body: { platform: 'platform_a', mode: 'down' } });
  // @ts-expect-error colour is no field of a vehicle's PATCH (satisfies: openapi-fetch alone lets it through)
  void client.PATCH('/v1/vehicles/{id}', { params: { path: { id: 'x' } }, body: { status: 'activo', colour: 'rojo' } satisfies PartnerBody<'/v1/vehicles/{id}', 'patch'> });
  // @ts-expect-error colour alone, the body's only field (docs/testing.md's example), with satisfies
  void client.PATCH('/v1/vehicles/{id}', { params: { path: { id: 'x' } }, body: { colour: 'rojo' } satisfies PartnerBody<'/v1/vehicles/{id}', 'patch'> });
  // @ts-expect-error nmae is no field of a new driver
  void client.POST('/v1/drivers', { body: { name: 'Ana', whatsapp: '+525512345678', city: 'CDMX', nmae: 'x' } satisfies PartnerBody<'/v1/drivers', 'post'> });
  // @ts-expect-error tenantId is no field of a clock advance (tenant is)
  void control.POST('/_testbed/clock/advance', { body: { duration: '1d', tenantId: 'x' } satisfies ControlBody<'/_testbed/clock/advance', 'post'> });
}

// A misspelt operationId in a world's fault rule or journal filter (fleet-testbed/testing) does not compile.
// @ts-expect-error createVehicel is no operation
export const misspeltRule: FaultRule = { effect: 'internal', operation: 'createVehicel' };
// @ts-expect-error listVehicle is no operation
export const misspeltFilter: RequestFilter = { operation: 'listVehicle' };
export const rightRule: FaultRule = { effect: 'internal', operation: 'createVehicle' };
// The method in any case, as the serve takes it (docs/control-api.md); not any word.
export const lowerCaseMethod: FaultRule = { effect: 'internal', method: 'get', path: '/v1/vehicles' };
// @ts-expect-error FETCH is no method
export const unknownMethod: FaultRule = { effect: 'internal', method: 'FETCH' };
// A journal filter's status: a code (a number or its text) or a class, any case; not any word.
export const statusFilters: RequestFilter[] = [{ status: 404 }, { status: '404' }, { status: '4xx' }, { status: '5XX' }];
// @ts-expect-error five is no status
export const misspeltStatus: RequestFilter = { status: 'five' };
// A journal filter's method: any a journaled request can have (TRACE and PURGE reach the API), any case; not a typo.
export const methodFilters: RequestFilter[] = [{ method: 'POST' }, { method: 'patch' }, { method: 'TRACE' }, { method: 'purge' }, { method: 'OPTIONS' }];
// @ts-expect-error PSOT is no method
export const misspeltMethod: RequestFilter = { method: 'PSOT' };
// A world's platform fault takes ms with slow only, as the serve does.
export async function platformFaults(faults: WorldFaults) {
  await faults('platform_a', 'slow', 1_500);
  await faults('platform_a', 'slow');
  await faults('platform_b', 'error');
  // @ts-expect-error ms goes with slow only
  await faults('platform_b', 'error', 100);
}

// Never called: the body types take what the API takes.
export function use(client: ReturnType<typeof createClient>) {
  const body = { name: 'Ana', whatsapp: '+525512345678', city: 'CDMX' } satisfies PartnerBody<'/v1/drivers', 'post'>;
  void client.POST('/v1/drivers', { body });
}

// Never called: a world's fault rule `unavailable` answers any operation with 503, so the error
// union of one that calls no platform holds PLATFORM_UNAVAILABLE too (it did not compile: TS2367).
export async function retriesWhenUnavailable(client: ReturnType<typeof createClient>): Promise<boolean> {
  const { error } = await client.GET('/v1/vehicles');
  return error?.error.code === 'PLATFORM_UNAVAILABLE';
}

// Never called: what the testing library answers carries the API's own unions, not bare strings.
export async function answersTyped(world: World, entry: JournalEntry, rule: FaultRuleView) {
  // @ts-expect-error createVehicel is no operation a journaled request can have
  void (entry.operation === 'createVehicel');
  // @ts-expect-error listVehicle is no operation a rule can have
  void (rule.operation === 'listVehicle');
  const answered = await world.platformA.accept('d');
  // @ts-expect-error accepted is no status of an invitation on platform_a (bound is)
  void (answered.status === 'accepted');
  const reviewed = await world.platformA.review('v', 'approved');
  // @ts-expect-error aprobado is no card review
  void (reviewed.card === 'aprobado');
}
