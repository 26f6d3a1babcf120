import { ACTIONS } from './schema.ts';
import { operatorProblems, UUID } from './matcher.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { WORLD_DAYS } from './setup.ts';
import { SNAPSHOT_NAME } from '../../server/snapshots/files.ts';
import { MAGIC_BY_KIND } from '../../server/lib/magic-values.ts';
import { spokenList } from '../../server/lib/human-text.ts';
import { similarNames } from '../../server/lib/similar-names.ts';

// What the file itself shows to be wrong beyond each field's shape: names used before they exist,
// keys never declared, steps without one action. Read from the raw file, whatever its shape, so
// these come in the same list as the shape errors instead of after they are fixed.

export interface Problem {
  path: PropertyKey[];
  message: string;
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const aliasOf = (v: unknown) => (isObject(v) && typeof v.as === 'string' ? v.as : null);

/** Names templates can start with besides captures (cli/scenario/setup.ts). */
const BUILT_IN = new Set(['tenants', 'keys', 'run', 'days']);
/** Names no capture may take: each would hide a built-in (`days` once hid the world's days, silently). */
const RESERVED = new Set(['tenants', 'keys', 'run', 'unique', 'days']);
/** `${run.tag}` and `${run.digits}` (setup.ts). */
const RUN_TOKENS = ['tag', 'digits'];
/** `${unique.plate}`…: a new value at each occurrence, drawn when the step runs (unique-values.ts). */
const UNIQUE_KINDS = ['plate', 'vin', 'whatsapp'];
/** `${unique.plate.RB}`, `${unique.whatsapp.0002}`: one of the simulators' magic values, asked for. */
function uniqueProblem(name: string, kind: string | undefined, magic: string | undefined, rest: string | undefined): string | null {
  if (kind === undefined || !UNIQUE_KINDS.includes(kind)) return `\${${name}} no existe: usa \${unique.plate}, \${unique.vin} o \${unique.whatsapp}`;
  if (magic === undefined) return null;
  const allowed: readonly string[] | undefined = MAGIC_BY_KIND[kind as keyof typeof MAGIC_BY_KIND]?.values;
  if (allowed === undefined) return `\${${name}} no existe: un VIN no tiene valores mágicos; usa \${unique.${kind}}`;
  if (allowed.includes(magic) && rest === undefined) return null;
  return `\${${name}} no existe: un valor mágico de ${kind} es ${spokenList(allowed.map((m) => `\${unique.${kind}.${m}}`), 'o')}`;
}
/** Steps whose `tenant` names one of the file's worlds by its alias. */
const WORLD_ACTIONS = ['advanceClock', 'fault', 'expectRequests', 'saveSnapshot', 'restoreSnapshot', 'clearFaults', 'clearRequests'] as const;
const TEMPLATE = /\$\$\{|\$\{([^}]*)\}/g;

/** How many ids of each list a fixture makes (driver i is assigned to vehicle i). */
type FixtureCounts = Record<'vehicleIds' | 'driverIds' | 'assignmentIds', number>;
const FIXTURE_LISTS = { vehicleIds: ['vehículo', 'vehículos'], driverIds: ['conductor', 'conductores'], assignmentIds: ['asignación', 'asignaciones'] } as const;

interface Declared {
  tenants: Set<string>;
  keys: Set<string>;
  captured: Set<string>;
  /** Each tenant's fixture counts; null for one whose fixture is refused (its shape errors say why). */
  fixtures: Map<string, FixtureCounts | null>;
  /** The world snapshots saved by the steps so far, as `alias/name`; `alias/${` for a templated name (TEMPLATED). */
  saved: Set<string>;
}

function fixtureCounts(raw: unknown): FixtureCounts | null {
  const parsed = Fixture.safeParse(raw);
  if (!parsed.success) return null;
  const f = parsed.data;
  return { vehicleIds: f.vehicles, driverIds: f.drivers, assignmentIds: f.assigned ? f.drivers : 0 };
}

function declarations(raw: Raw): { declared: Declared; problems: Problem[] } {
  const tenants = list(raw.tenants);
  const tenantAliases = tenants.map(aliasOf).filter((a) => a !== null);
  const keyAliases = tenants.flatMap((t) => (isObject(t) ? list(t.keys).map(aliasOf) : [])).filter((a) => a !== null);
  const problems: Problem[] = [];
  if (Array.isArray(raw.tenants) && tenants.length > 0 && keyAliases.length === 0) {
    problems.push({ path: ['tenants'], message: 'hace falta al menos una clave para llamar a la API, también con fixture (p. ej. keys: [{ as: admin }])' });
  }
  // Each alias where it is declared, so a repeat is said at the repeat's line, not the first's.
  const placed = tenants.flatMap((t, i) => [
    { alias: aliasOf(t), path: ['tenants', i, 'as'] },
    ...(isObject(t) ? list(t.keys).map((k, j) => ({ alias: aliasOf(k), path: ['tenants', i, 'keys', j, 'as'] })) : []),
  ]).filter((p) => p.alias !== null);
  const seen = new Set<string>();
  for (const { alias, path } of placed) {
    if (seen.has(alias!)) problems.push({ path, message: `el alias ${alias} está repetido` });
    seen.add(alias!);
  }
  const fixtures = new Map(tenants.filter((t) => isObject(t) && aliasOf(t) !== null && t.fixture !== undefined)
    .map((t) => [aliasOf(t) as string, fixtureCounts((t as Raw).fixture)] as const));
  return { declared: { tenants: new Set(tenantAliases), keys: new Set(keyAliases), captured: new Set(), fixtures, saved: new Set() }, problems };
}

/** Every string of a value, with the path where it is. */
function strings(value: unknown, path: PropertyKey[]): [string, PropertyKey[]][] {
  if (typeof value === 'string') return [[value, path]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, [...path, i]));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

/** `${tenants.fleet.fixture.vehicleIds[5]}`: fleet must have a fixture that makes that many. */
function fixtureProblem(name: string, alias: string, list: string | undefined, index: string | undefined, declared: Declared): string | null {
  if (!declared.fixtures.has(alias)) return `\${${name}}: el tenant ${alias} no tiene fixture`;
  const counts = declared.fixtures.get(alias);
  if (!counts || list === undefined) return null;
  if (!Object.hasOwn(FIXTURE_LISTS, list)) return `\${${name}}: el fixture da ${Object.keys(FIXTURE_LISTS).join(', ')}`;
  const made = counts[list as keyof FixtureCounts];
  if (index === undefined || !/^\d+$/.test(index) || Number(index) < made) return null;
  const [one, many] = FIXTURE_LISTS[list as keyof FixtureCounts];
  return `\${${name}}: el fixture de ${alias} hace ${made === 0 ? `0 ${many}` : `${made} ${made === 1 ? one : many} (índices 0 a ${made - 1})`}`;
}

/** A template's name by its steps: `tenants.fleet.fixture.vehicleIds[5]` → tenants, fleet, fixture, vehicleIds, 5. */
const partsOf = (name: string): string[] => name.trim().replace(/\[(\d+)\]/g, '.$1').split('.');

/**
 * A fixture's whole list (or the fixture) where one id or path goes (a request's path, a rule's or
 * filter's path, the vehicle a review names): written there as JSON (`/v1/vehicles/["…","…"]`),
 * never an id the API knows. A request's body and an expectation take it as a value as any other.
 */
function wholeListProblem(name: string, at: PropertyKey[]): string | null {
  if (at[0] === 'expect' || (at[0] === 'request' && at[1] === 'body')) return null;
  const [root, alias, third, list, index] = partsOf(name);
  if (root !== 'tenants' || third !== 'fixture' || index !== undefined) return null;
  const example = `tenants.${alias}.fixture.${list ?? 'vehicleIds'}[0]`;
  return `\${${name}} es ${list === undefined ? 'el fixture entero' : 'una lista'}: aquí va uno de sus ids, p. ej. \${${example}}`;
}

/** What `${keys.k.…}` and `${tenants.t.…}` hold (setup.ts's vars). */
const KEY_FIELDS = ['id', 'prefix', 'tenantId'];
const TENANT_FIELDS = ['id', 'name', 'fixture'];

/** `${tenants.ghost.id}`: ghost must be a tenant of the file; `${nope}`: a built-in or an earlier capture. */
function templateProblem(name: string, declared: Declared): string | null {
  const [root, second, third, fourth, fifth] = partsOf(name);
  if (root === 'tenants' && second !== undefined && !declared.tenants.has(second)) return `\${${name}}: el tenant ${second} no está declarado en tenants`;
  if (root === 'tenants' && third === 'fixture') return fixtureProblem(name, second, fourth, fifth, declared);
  if (root === 'keys' && second !== undefined && !declared.keys.has(second)) return `\${${name}}: la clave ${second} no está declarada en tenants[].keys`;
  if (root === 'keys' && third !== undefined && !KEY_FIELDS.includes(third)) {
    return `\${${name}} no existe: una clave da ${KEY_FIELDS.join(', ')}; su secreto no se escribe, un paso lo envía con key: ${second}`;
  }
  if (root === 'tenants' && third !== undefined && !TENANT_FIELDS.includes(third)) return `\${${name}} no existe: un tenant da ${TENANT_FIELDS.join(', ')}`;
  if (root === 'unique') return uniqueProblem(name, second, third, fourth);
  if (root === 'run' && second !== undefined && !RUN_TOKENS.includes(second)) return `\${${name}} no existe: usa \${run.tag} o \${run.digits}`;
  // `${days.length}` is the list's length.
  if (root === 'days' && second !== undefined && second !== 'length' && !(/^\d+$/.test(second) && Number(second) < WORLD_DAYS)) {
    return `\${${name}} no existe: los días del mundo van de \${days[0]} a \${days[${WORLD_DAYS - 1}]}`;
  }
  if (BUILT_IN.has(root) || declared.captured.has(root)) return null;
  return `\${${name}} no está definido: ni es ${[...BUILT_IN].join(', ')} ni lo captura un paso anterior`;
}

function stepProblems(step: Raw, declared: Declared): Problem[] {
  const problems: Problem[] = [];
  const actions = ACTIONS.filter((a) => step[a] !== undefined);
  // A misspelt action (`advanceClok`) is said once, as the unknown field that names the one meant.
  const misspelt = actions.length === 0 && Object.keys(step).some((key) => similarNames(key, ACTIONS).length > 0);
  if (actions.length !== 1 && !misspelt) {
    const found = actions.length ? `tiene ${actions.join(', ')}` : 'no tiene ninguna';
    problems.push({ path: [], message: `cada paso lleva exactamente una acción (${ACTIONS.join(', ')}); ${found}` });
  }
  const { name: _name, capture, ...used } = step;
  for (const [text, path] of strings(used, [])) {
    for (const [, name] of text.matchAll(TEMPLATE)) {
      const problem = name === undefined ? null : templateProblem(name, declared) ?? wholeListProblem(name, path);
      if (problem) problems.push({ path, message: problem });
      // A new value at each occurrence: in an expectation it could never be what a step sent.
      else if ((path[0] === 'expect' || path[0] === 'expectRequests') && name?.trim().startsWith('unique.')) {
        problems.push({ path, message: `\${${name}} no se admite en ${String(path[0])}: da un valor nuevo en cada aparición, nunca el que se envió; captura lo enviado (capture) y compáralo con su nombre` });
      }
    }
    // What is left once every template and escaped `$${` is out: a `${` with no `}`, sent as written otherwise.
    if (text.replace(TEMPLATE, '').includes('${')) problems.push({ path, message: `«${text}»: a \${ le falta su } de cierre (un \${ literal se escribe $\${)` });
  }
  // The answer's status is a number: "200" in quotes never equals it.
  const status = isObject(step.expect) ? step.expect.status : undefined;
  if (typeof status === 'string' && !status.includes('${')) {
    const message = /^\d+$/.test(status) ? `el estado es un número: escribe ${status} sin comillas` : 'el estado es un número (201) o un operador ({ $oneOf: [200, 201] })';
    problems.push({ path: ['expect', 'status'], message });
  }
  // 2000 for 200: no answer ever has it, and the step fails for a reason the file made; so too in a $oneOf.
  const oneOf = isObject(status) && Array.isArray(status.$oneOf) ? (status.$oneOf as unknown[]) : null;
  const listed: [unknown, (string | number)[]][] = oneOf ? oneOf.map((s, i) => [s, ['expect', 'status', '$oneOf', i]]) : [[status, ['expect', 'status']]];
  for (const [one, path] of listed) {
    if (typeof one === 'number' && !(Number.isInteger(one) && one >= 100 && one <= 599)) problems.push({ path, message: `${one} no es un estado HTTP (un entero de 100 a 599)` });
    if (oneOf && typeof one === 'string' && !one.includes('${')) {
      problems.push({ path, message: /^\d+$/.test(one) ? `el estado es un número: escribe ${one} sin comillas` : `«${one}» no es un estado HTTP: el estado es un número (201)` });
    }
  }
  // A list is compared as a list, which no status ever is.
  if (Array.isArray(status)) problems.push({ path: ['expect', 'status'], message: `para admitir varios estados usa { $oneOf: ${JSON.stringify(status)} }` });
  const request = isObject(step.request) ? step.request : {};
  // Both would be sent as one body: multipart went, body was dropped unsaid.
  if (request.body !== undefined && request.multipart !== undefined) problems.push({ path: ['request'], message: 'request lleva body (JSON) o multipart, no los dos' });
  // The step's key (or `authorization`) sets that header over whatever `headers` says: written there,
  // it was dropped while the transcript showed it as sent.
  for (const name of Object.keys(isObject(request.headers) ? request.headers : {}).filter((n) => n.toLowerCase() === 'authorization')) {
    problems.push({ path: ['request', 'headers', name], message: 'la cabecera Authorization se da con key (el alias de una clave, o null para no enviarla) o con authorization (el valor tal cual), no en headers' });
  }
  if (typeof request.key === 'string' && !declared.keys.has(request.key)) {
    problems.push({ path: ['request', 'key'], message: `la clave ${request.key} no está declarada en tenants[].keys` });
  }
  for (const action of WORLD_ACTIONS) {
    const tenant = isObject(step[action]) ? step[action].tenant : undefined;
    if (typeof tenant === 'string' && !declared.tenants.has(tenant)) {
      problems.push({ path: [action, 'tenant'], message: `el tenant ${tenant} no está declarado en tenants` });
    }
  }
  // generateRides also takes a tenant's id (another world of the serve): anything else names no world.
  const rides = isObject(step.generateRides) ? step.generateRides.tenant : undefined;
  if (typeof rides === 'string' && !declared.tenants.has(rides) && !UUID.test(rides) && !rides.includes('${')) {
    problems.push({ path: ['generateRides', 'tenant'], message: `el tenant ${rides} no está declarado en tenants (ni es el id de uno)` });
  }
  problems.push(...operatorProblems(step.expect, ['expect']));
  for (const name of Object.keys(isObject(capture) ? capture : {})) {
    if (RESERVED.has(name)) problems.push({ path: ['capture', name], message: `${name} es un nombre reservado` });
  }
  return problems;
}

/** What a templated snapshot name is saved as: any name, known only when the step runs. */
const TEMPLATED = '${';

/** A save or restore step's world (its alias; the first tenant's when it names none) and literal name; null for neither. */
function snapshotOf(step: unknown, declared: Declared): { key: string; alias: string; name: string } | null {
  const { name, tenant } = typeof step === 'string' ? { name: step, tenant: undefined } : isObject(step) ? step : {};
  const alias = typeof tenant === 'string' ? tenant : [...declared.tenants][0];
  if (typeof name !== 'string' || alias === undefined) return null;
  return { key: `${alias}/${name.includes(TEMPLATED) ? TEMPLATED : name}`, alias, name };
}

/**
 * A file's worlds are always new, so a world snapshot it restores must be saved by an earlier step
 * of the file: caught here rather than as a 404 once the worlds are made and the steps before run.
 */
function restoreProblem(step: Raw, declared: Declared): Problem | null {
  const restore = snapshotOf(step.restoreSnapshot, declared);
  // A name or a tenant refused on its own is said once, by its own check.
  if (restore === null || !SNAPSHOT_NAME.test(restore.name) || !declared.tenants.has(restore.alias)) return null;
  if (declared.saved.has(`${restore.alias}/${TEMPLATED}`) || declared.saved.has(restore.key)) return null;
  return { path: ['restoreSnapshot'], message: `ningún paso anterior guarda la instantánea ${restore.name} del tenant ${restore.alias} (saveSnapshot): los mundos del archivo son siempre nuevos` };
}

/** Every such problem of the file, in file order; a capture counts from the step after the one that makes it. */
export function referenceProblems(raw: unknown): Problem[] {
  if (!isObject(raw)) return [];
  const { declared, problems } = declarations(raw);
  for (const [i, step] of list(raw.steps).entries()) {
    if (!isObject(step)) continue;
    problems.push(...[...stepProblems(step, declared), restoreProblem(step, declared)].filter((p) => p !== null)
      .map((p) => ({ ...p, path: ['steps', i, ...p.path] })));
    for (const name of Object.keys(isObject(step.capture) ? step.capture : {})) declared.captured.add(name);
    const saved = snapshotOf(step.saveSnapshot, declared);
    if (saved) declared.saved.add(saved.key);
  }
  return problems;
}
