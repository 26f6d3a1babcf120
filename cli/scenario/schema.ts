import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { scenarioIssueText } from './issue-text.ts';
import { SCOPES } from '../../server/auth/scopes.ts';
import { parseDuration } from '../../server/lib/clock.ts';
import { MAX_ADVANCE_DAYS, MAX_ADVANCE_MS } from '../../server/clock/travel.ts';
import { operatorProblems } from './matcher.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { ExpectRequestsStep } from './expect-requests.ts';
import { FaultStep } from './fault-step.ts';
import { RestoreSnapshotStep, WorldSnapshotStep } from './snapshot-step.ts';
import { WorldStep } from './worlds.ts';
import { FIXTURE_FILES } from './http.ts';

/** Names a scenario can refer to (tenant, key and capture aliases): they are used in `${...}` paths. */
const Alias = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'debe ser un nombre: letras, dígitos y _, sin empezar por dígito');

const Key = z.strictObject({
  as: Alias,
  scopes: z.array(z.enum(SCOPES)).min(1).optional(),
  env: z.enum(['test', 'live']).default('test'),
});

const Tenant = z.strictObject({
  as: Alias,
  name: z.string({ error: (issue) => (issue.input === undefined ? 'name es obligatorio: el nombre del tenant' : 'name debe ser texto: el nombre del tenant') })
    .min(1, 'name no puede estar vacío'),
  pending: z.boolean().default(false),
  keys: z.array(Key).default([]),
  /** A populated world (contract §5): its ids are `${tenants.<as>.fixture.vehicleIds[0]}`… */
  fixture: Fixture.optional(),
});

/** A file of fixtures/files, checked as the file is read: a missing one failed its step with a world made and kept. */
const isFixtureFile = (name: string) => basename(name) === name && existsSync(FIXTURE_FILES + name) && statSync(FIXTURE_FILES + name).isFile();
const FixtureFile = z.string().min(1).refine(isFixtureFile, {
  error: (issue) => `${String(issue.input)} no es un archivo de fixtures/files/ (se nombra sin carpeta; hay: ${readdirSync(FIXTURE_FILES).join(', ')})`,
});

const FilePart = z.union([
  z.strictObject({ fixture: FixtureFile, filename: z.string().optional(), contentType: z.string().optional() }),
  z.strictObject({ text: z.string(), filename: z.string().optional(), contentType: z.string().optional() }),
]);

/** What a request step waits for its answer unless it says (`timeout`): a fixture's biggest build or a year of rides take less. */
export const REQUEST_TIMEOUT = '120s';
const MAX_REQUEST_TIMEOUT_MS = 3_600_000;

const Request = z.strictObject({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  path: z.string().startsWith('/', 'debe empezar por /'),
  /** A key alias; null sends no Authorization header at all. Default: the scenario's first key. */
  key: Alias.nullable().optional(),
  /** The raw Authorization header, for invalid-key cases; wins over `key`. */
  authorization: z.string().optional(),
  headers: z.record(z.string(), z.string({ error: 'el valor de una cabecera va entre comillas: es texto' }), {
    error: 'debe ser un mapa de cabeceras (nombre: valor), p. ej. { x-request-id: abc }',
  }).optional(),
  body: z.unknown().optional(),
  /** multipart/form-data fields: a string, or a file from fixtures/files (`fixture`) or inline `text`. */
  multipart: z.record(z.string(), z.union([z.string(), FilePart])).optional(),
  /** Real time the step waits for its answer (default REQUEST_TIMEOUT): a hung serve fails the step, not the CI job. */
  timeout: z.string().refine((d) => (parseDuration(d) ?? 0) > 0 && parseDuration(d)! <= MAX_REQUEST_TIMEOUT_MS, 'timeout debe ser una duración de 1s a 1h (30s, 2m)').optional(),
});


const Verdict = z.enum(['approved', 'rejected']);
const Duration = z.string().refine((d) => parseDuration(d) !== null, 'duración no válida (ejemplos: 45m, 6h, 3d)');
/** A clock step's duration: what the control API takes (server/clock/travel.ts), so a longer one stops the file before any world is made. */
const AdvanceDuration = Duration.refine((d) => (parseDuration(d) ?? 0) <= MAX_ADVANCE_MS, `la duración máxima de un avance es ${MAX_ADVANCE_DAYS}d; para ir más lejos, avanza en varios pasos`);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$|^\$\{/, 'debe ser una fecha YYYY-MM-DD');

export const ACTIONS = [
  'request',
  'advanceClock',
  'reviewVehicle',
  'acceptInvitation',
  'declineInvitation',
  'generateRides',
  'waitForJob',
  'sync',
  'fault',
  'expectRequests',
  'saveSnapshot',
  'restoreSnapshot',
  'clearFaults',
  'clearRequests',
] as const;
export type ActionName = (typeof ACTIONS)[number];

const Expect = z.strictObject({
  status: z.unknown().optional(),
  body: z.unknown().optional(),
  // A header is text: an expected number or boolean could never match (5 against "5"), as a quoted status.
  headers: z.record(z.string(), z.union([z.string(), z.null(), z.record(z.string(), z.unknown())], {
    error: 'el valor esperado de una cabecera va entre comillas (las cabeceras son texto), o es un comparador como { $regex: … }',
  }), { error: 'debe ser un mapa de cabeceras (nombre: valor esperado)' }).optional(),
});

const Step = z
  .strictObject({
    name: z.string().optional(),
    request: Request.optional(),
    // Control steps, one per testbed command (contract §2), run on the loopback control surface.
    // A duration moves every world of the file; `{duration, tenant}` moves that tenant's world alone.
    advanceClock: z.union([AdvanceDuration, z.strictObject({ duration: AdvanceDuration, tenant: z.string() })], {
      error: 'debe ser una duración (6h) o {duration, tenant}: duration una duración, tenant el alias de un tenant del archivo',
    }).optional(),
    reviewVehicle: z.strictObject({ vehicle: z.string(), verdict: Verdict, card: Verdict.optional() }).optional(),
    acceptInvitation: z.string().optional(),
    declineInvitation: z.string().optional(),
    generateRides: z.strictObject({ tenant: z.string(), from: Day, to: Day }).optional(),
    waitForJob: z.union([z.string(), z.strictObject({ id: z.string(), timeout: Duration.optional() })], {
      error: 'debe ser el id del lote (texto, p. ej. "${job}") o {id, timeout?}: timeout una duración (30s)',
    }).optional(),
    sync: z.literal(true).optional(),
    fault: FaultStep.optional(),
    expectRequests: ExpectRequestsStep.optional(),
    saveSnapshot: WorldSnapshotStep.optional(),
    restoreSnapshot: RestoreSnapshotStep.optional(),
    // A world's instruments, which its snapshots leave as they are: every fault rule and platform
    // fault of the world, and its request journal (what a test rewinding its world clears too).
    clearFaults: WorldStep.optional(),
    clearRequests: WorldStep.optional(),
    expect: Expect.optional(),
    // A path in the answer, checked as the file is read (a typo failed the step only once it ran).
    capture: z.record(Alias, z.string().min(1).regex(/^\s*(status|headers|body)($|\.|\[\d+\])/, {
      error: (issue) => `una ruta de capture empieza por body, status o headers (p. ej. body.id), no «${String(issue.input)}»`,
    }), {
      error: (issue) => issue.code === 'invalid_key' ? 'el nombre de una captura lleva letras, dígitos y _, sin empezar por dígito'
        : issue.code === 'invalid_type' && issue.expected === 'record' ? 'capture es un mapa de nombre: ruta en la respuesta (p. ej. capture: { vehiculo: body.id })' : undefined,
    }).optional(),
  });
// One action per step, declared names and valid operators: cli/scenario/references.ts, on the raw
// file, so they are listed with the shape errors rather than after them.

/**
 * What a control step's fields became once its `${…}` were replaced: a capture may hold null or a
 * number where the step takes text (a batch's `jobId` is null when it skipped every item). The
 * step fails saying so, as the file's own check would have. A request's fields are the API's to judge.
 */
export function renderedActionProblems(action: ActionName, rendered: Step): string[] {
  if (action === 'request') return [];
  const parsed = Step.shape[action].safeParse(rendered[action], { error: scenarioIssueText });
  return (parsed.error?.issues ?? []).map((issue) => {
    const at = [action, ...issue.path.map(String)].join('.');
    const value = issue.path.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown> | undefined)?.[key], rendered[action]);
    return `${at} vale ${JSON.stringify(value) ?? 'undefined'} tras sustituir los \${…}: ${issue.message}`;
  });
}

export const Scenario = z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    /** Used by --fresh unless the command line or the environment gives another one. */
    seed: z.number().int().optional(),
    clockStart: z.iso.datetime({
      offset: true,
      error: (issue) => `clockStart debe ser una fecha-hora ISO con su zona, p. ej. 2026-05-04T12:00:00Z (recibido: ${JSON.stringify(issue.input)})`,
    }).optional(),
    tenants: z.array(Tenant).min(1),
    steps: z.array(Step).min(1),
  });

export type Scenario = z.infer<typeof Scenario>;
export type Step = z.infer<typeof Step>;
export type RequestSpec = z.infer<typeof Request>;
export type FilePartSpec = z.infer<typeof FilePart>;
