import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineControlOperation, type ControlCapability } from '../../server/control/define.ts';
import { buildControlDocument } from '../../server/control/document.ts';
import { CONTROL_CAPABILITIES } from '../../server/control/operations.ts';

/**
 * The control document generated from the declarations describes what the hand-written one did
 * (test/api/fixtures/control-document-before.json, saved before the move): the same operations, and
 * for each the same parameters, body and statuses. The only changes are the intended ones.
 */
type Json = Record<string, unknown>;
type Operation = { operationId: string; tags: string[]; parameters?: Json[]; requestBody?: Json; responses: Json };

const before = JSON.parse(readFileSync(new URL('./fixtures/control-document-before.json', import.meta.url), 'utf8')) as Json;
const after = JSON.parse(JSON.stringify(buildControlDocument())) as Json;

/** `$ref`s followed, so a parameter's schema compares whether it is written in place or referred to. */
function resolve(doc: Json, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(doc, v));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { $ref?: string }).$ref;
  if (ref) return resolve(doc, ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json)[key], doc));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(doc, v)]));
}

/** What a client can rely on, without the prose (descriptions, examples) that may be reworded. */
function rules(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rules);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'description' && k !== 'example').map(([k, v]) => [k, rules(v)]));
}

function operations(doc: Json): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) found.set(`${method.toUpperCase()} ${path}`, op as Operation);
  }
  return found;
}

const parametersOf = (doc: Json, op: Operation) =>
  Object.fromEntries(((resolve(doc, op.parameters ?? []) as Json[]) ?? []).map((p) => [`${p.in} ${p.name}`, rules(p)]));

const ADDED = ['DELETE /_testbed/tenants'];
// Issue 36: a world's faults, operations and a tag of their own.
ADDED.push('POST /_testbed/tenants/{id}/faults', 'GET /_testbed/tenants/{id}/faults', 'DELETE /_testbed/tenants/{id}/faults', 'DELETE /_testbed/tenants/{id}/faults/{faultId}');
// Issue 37: a world's request journal, added after the move.
ADDED.push('GET /_testbed/tenants/{id}/requests', 'DELETE /_testbed/tenants/{id}/requests', 'GET /_testbed/tenants/{id}/requests.har');
const ADDED_TAGS = ['Fallas', 'Solicitudes'];
// Issue 38: world snapshots and unique values; fixtures widen the tenant's creation (withoutFixture).
ADDED.push('POST /_testbed/tenants/{id}/snapshots', 'GET /_testbed/tenants/{id}/snapshots', 'POST /_testbed/tenants/{id}/snapshots/{name}/restore', 'DELETE /_testbed/tenants/{id}/snapshots/{name}');
ADDED.push('POST /_testbed/tenants/{id}/unique/{kind}');
// One rule read alone (its counters), for clients in any language.
ADDED.push('GET /_testbed/tenants/{id}/faults/{faultId}');
ADDED_TAGS.push('Instantáneas de un mundo');
/** Issue 38: `fixture` in the body of POST /_testbed/tenants, and its 503 when a platform fails while it is made. */
function withoutFixture(key: string, op: Operation): Operation {
  if (key !== 'POST /_testbed/tenants') return op;
  const copy = JSON.parse(JSON.stringify(op)) as Operation & { requestBody: { content: Record<string, { schema: { properties: Json } }> } };
  for (const media of Object.values(copy.requestBody.content)) delete media.schema.properties.fixture;
  delete copy.responses['503'];
  return copy;
}
/**
 * Every control body now refuses fields it does not have (docs/decisions.md, "Unknown fields"): the
 * document says so with `additionalProperties: false`, the one change to each body's schema, taken
 * off here (asserted on its own below) with the list of keys it is said of.
 */
function withoutClosedBodies(value: unknown, closed: string[] = [], at = ''): unknown {
  if (Array.isArray(value)) return value.map((v, i) => withoutClosedBodies(v, closed, `${at}.${i}`));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).filter(([k, v]) => !(k === 'additionalProperties' && v === false && closed.push(at)));
  return Object.fromEntries(entries.map(([k, v]) => [k, withoutClosedBodies(v, closed, `${at}.${k}`)]));
}
const SNAPSHOT_NAME_PATHS = ['POST /_testbed/snapshots/{name}/restore', 'DELETE /_testbed/snapshots/{name}'];
/** `?tenant=` added since, with its 404: a sync of one world alone (a slow platform of another world does not hold it). */
const TENANT_QUERY_ADDED = ['POST /_testbed/sync'];
/**
 * Statuses every control call can answer, now on every operation (what the control responses' check
 * in the api tests found): 409 for an X-Testbed-Generation of a replaced state, 413 for a body over
 * 1 MB, 500; and the calls that reach the simulators answer 503 when they fail.
 */
const STATUSES_ADDED: Record<string, string[]> = Object.fromEntries(
  ['DELETE /_testbed/tenants/{id}', 'POST /_testbed/reset', 'POST /_testbed/snapshots', 'POST /_testbed/snapshots/{name}/restore', 'GET /_testbed/faults']
    .map((key) => [key, ['503']]).concat(TENANT_QUERY_ADDED.map((key) => [key, ['404']])),
);
const statusesBefore = (key: string, now: Operation) =>
  Object.keys(now.responses).filter((status) => !['409', '413', '500', ...(STATUSES_ADDED[key] ?? [])].includes(status) || status in (was.get(key)?.responses ?? {})).sort();
const was = operations(before);
const is = operations(after);

describe('the control document, generated from the declarations, against the one written by hand before', () => {
  it('when both are listed, then the operations are the same, plus the deletion by name prefix, with the same ids and tags', () => {
    const summary = (ops: Map<string, Operation>) => [...ops].map(([key, op]) => `${key} ${op.operationId} ${op.tags.join()}`).sort();

    expect(summary(is).filter((line) => !ADDED.some((added) => line.startsWith(`${added} `)))).toEqual(summary(was));
    expect(ADDED.every((key) => is.has(key))).toBe(true);
  });

  it.each([...was.keys()])('when %s is compared, then its parameters, body and statuses are the same', (key) => {
    const [old, now] = [was.get(key)!, withoutFixture(key, is.get(key)!)];
    const params = parametersOf(after, now);
    // Issue 41 item 4: the snapshot name's pattern is now in the document; nothing else changes.
    if (SNAPSHOT_NAME_PATHS.includes(key)) {
      expect((params['path name'] as { schema: Json }).schema.pattern).toBe('^[a-z0-9-]{1,64}$');
      delete (params['path name'] as { schema: Json }).schema.pattern;
    }
    if (TENANT_QUERY_ADDED.includes(key)) {
      expect(params['query tenant']).toMatchObject({ in: 'query', name: 'tenant' });
      delete params['query tenant'];
    }

    expect(params).toEqual(parametersOf(before, old));
    // A body is now said to be required, as it is: without one, or without its media type, 400.
    expect(withoutClosedBodies(rules(now.requestBody))).toEqual(old.requestBody ? { ...(rules(old.requestBody) as Json), required: true } : undefined);
    expect(statusesBefore(key, now)).toEqual(Object.keys(old.responses).sort());
    expect(Object.keys(now.responses)).toEqual(expect.arrayContaining(['409', '413', '500']));
  });

  it.each([...is.keys()])('when %s succeeds, then the document gives its JSON answer a schema (a client in any language gets its type)', (key) => {
    const successes = Object.entries(is.get(key)!.responses).filter(([status]) => status.startsWith('2'));
    const schemas = successes.map(([, response]) => (resolve(after, response) as { content?: Record<string, { schema?: Json }> }).content?.['application/json']?.schema);

    expect(successes.length).toBeGreaterThan(0);
    for (const schema of schemas) expect(schema && (schema.type === 'object' || schema.anyOf || schema.allOf)).toBeTruthy();
  });

  it.each([...is].filter(([, op]) => op.requestBody).map(([key]) => key))('when %s takes a body, then the document says it admits no other field', (key) => {
    const body = resolve(after, is.get(key)!.requestBody) as { content: Record<string, { schema: Json & { anyOf?: Json[] } }> };
    const schema = body.content['application/json'].schema;

    // A body of two kinds (a world's fault: a rule, or a platform's mode) says it of each.
    for (const kind of schema.anyOf ?? [schema]) expect(kind.additionalProperties).toBe(false);
  });

  it.each([...is.keys()])('when %s is read, then its 401 and 403 examples are the guard\'s own words (no API key, which this surface never takes)', (key) => {
    const example = (status: string) => (is.get(key)!.responses[status] as { content: { 'application/json': { example: { error: { code: string; message: string } } } } }).content['application/json'].example.error;

    expect(example('401')).toEqual({ ...example('401'), code: 'UNAUTHORIZED', message: 'La superficie de control del testbed necesita Authorization: Bearer <FLEET_CONTROL_TOKEN>.' });
    expect(example('403')).toEqual({ ...example('403'), code: 'FORBIDDEN', message: 'La superficie de control del testbed solo acepta conexiones locales.' });
  });

  it.each([...is.keys()])('when %s is read, then its 413 speaks of the control body\'s 1 MB, in its example too (not a document\'s 4 MB)', (key) => {
    const answer = is.get(key)!.responses['413'] as { description: string; content: { 'application/json': { example: { error: { code: string; message: string } } } } };

    expect(answer.description).toContain('1 MB');
    expect(answer.content['application/json'].example.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'El cuerpo de la solicitud supera el máximo de 1 MB.' });
  });

  it('when the tags are compared, then they are the same, with the same descriptions', () => {
    expect((after.tags as { name: string }[]).filter((tag) => !ADDED_TAGS.includes(tag.name))).toEqual(before.tags);
  });
});

describe('a capability added to the control document', () => {
  const ping = (tag: string) =>
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/ping', operationId: 'ping', tags: [tag], summary: 'Responde',
      params: z.object({ id: z.string() }),
      responses: { 200: { description: '{ok}' }, 404: ['NOT_FOUND'] },
      handler: (_req, res) => void res.json({ ok: true }),
    });

  it('when a capability brings its operation and its tag, then both are in the document, with the guard\'s statuses', () => {
    const added: ControlCapability = { tags: { Pruebas: 'Solo para esta prueba.' }, operations: [ping('Pruebas')] };

    const doc = buildControlDocument([...CONTROL_CAPABILITIES, added]);
    const op = (doc.paths!['/_testbed/tenants/{id}/ping'] as Record<string, Operation>).get;

    expect(doc.tags!.at(-1)).toEqual({ name: 'Pruebas', description: 'Solo para esta prueba.' });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '500']);
  });

  it('when the answers are read, then every one declares X-Testbed-Generation, keeps its Retry-After, and generate\'s 200 declares X-Testbed-World-Generation', () => {
    const answers = Object.values(after.paths as Record<string, Record<string, Operation>>)
      .flatMap((ops) => Object.values(ops).flatMap((op) => Object.entries(op.responses).map(([status, answer]) => ({ op: op.operationId, status, answer: answer as { headers?: Json } }))));
    const generate = (after.paths as Record<string, Record<string, Operation>>)['/_testbed/rides/generate'].post.responses['200'] as { headers: Json };

    expect(answers.filter((a) => !a.answer.headers?.['X-Testbed-Generation']).map((a) => `${a.op} ${a.status}`)).toEqual([]);
    expect(answers.filter((a) => a.status === '503').every((a) => a.answer.headers?.['Retry-After'])).toBe(true);
    expect(Object.keys(generate.headers).sort()).toEqual(['X-Testbed-Generation', 'X-Testbed-World-Generation']);
  });

  it('when an operation uses a tag no capability describes, then the document is not built', () => {
    expect(() => buildControlDocument([...CONTROL_CAPABILITIES, { operations: [ping('Sin descripción')] }])).toThrow('etiqueta sin descripción: Sin descripción');
  });

  it('when two capabilities declare the same method and path, then the document is not built', () => {
    const twice: ControlCapability = { tags: { Pruebas: 'x' }, operations: [ping('Pruebas'), { ...ping('Pruebas'), operationId: 'pingAgain' }] };

    expect(() => buildControlDocument([...CONTROL_CAPABILITIES, twice])).toThrow('operación repetida: GET /_testbed/tenants/{id}/ping');
  });
});
