import { z } from 'zod';
import { SCOPES } from '../../server/auth/scopes.ts';
import { parseDuration } from '../../server/lib/clock.ts';
import { operatorProblems } from './matcher.ts';

/** Names a scenario can refer to (tenant, key and capture aliases): they are used in `${...}` paths. */
const Alias = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'debe ser un nombre: letras, dígitos y _, sin empezar por dígito');
const RESERVED = new Set(['tenants', 'keys', 'run']);

const Key = z.strictObject({
  as: Alias,
  scopes: z.array(z.enum(SCOPES)).min(1).optional(),
  env: z.enum(['test', 'live']).default('test'),
});

const Tenant = z.strictObject({
  as: Alias,
  name: z.string().min(1),
  pending: z.boolean().default(false),
  keys: z.array(Key).default([]),
});

const FilePart = z.union([
  z.strictObject({ fixture: z.string().min(1), filename: z.string().optional(), contentType: z.string().optional() }),
  z.strictObject({ text: z.string(), filename: z.string().optional(), contentType: z.string().optional() }),
]);

const Request = z.strictObject({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  path: z.string().startsWith('/', 'debe empezar por /'),
  /** A key alias; null sends no Authorization header at all. Default: the scenario's first key. */
  key: Alias.nullable().optional(),
  /** The raw Authorization header, for invalid-key cases; wins over `key`. */
  authorization: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
  /** multipart/form-data fields: a string, or a file from fixtures/files (`fixture`) or inline `text`. */
  multipart: z.record(z.string(), z.union([z.string(), FilePart])).optional(),
});

const Verdict = z.enum(['approved', 'rejected']);
const Duration = z.string().refine((d) => parseDuration(d) !== null, 'duración no válida (ejemplos: 45m, 6h, 3d)');
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
] as const;
export type ActionName = (typeof ACTIONS)[number];

const Expect = z.strictObject({
  status: z.unknown().optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.unknown()).optional(),
});

const Step = z
  .strictObject({
    name: z.string().optional(),
    request: Request.optional(),
    // Control steps, one per testbed command (contract §2), run on the loopback control surface.
    // A duration moves every world of the file; `{duration, tenant}` moves that tenant's world alone.
    advanceClock: z.union([Duration, z.strictObject({ duration: Duration, tenant: z.string() })]).optional(),
    reviewVehicle: z.strictObject({ vehicle: z.string(), verdict: Verdict, card: Verdict.optional() }).optional(),
    acceptInvitation: z.string().optional(),
    declineInvitation: z.string().optional(),
    generateRides: z.strictObject({ tenant: z.string(), from: Day, to: Day }).optional(),
    waitForJob: z.union([z.string(), z.strictObject({ id: z.string(), timeout: Duration.optional() })]).optional(),
    sync: z.literal(true).optional(),
    expect: Expect.optional(),
    capture: z.record(Alias, z.string().min(1)).optional(),
  })
  .superRefine((step, ctx) => {
    const actions = ACTIONS.filter((a) => step[a] !== undefined);
    if (actions.length !== 1) {
      const found = actions.length ? actions.join(', ') : 'ninguna';
      ctx.addIssue({ code: 'custom', message: `cada paso lleva exactamente una acción (${ACTIONS.join(', ')}); tiene ${found}` });
    }
    for (const name of Object.keys(step.capture ?? {})) {
      if (RESERVED.has(name)) ctx.addIssue({ code: 'custom', path: ['capture', name], message: `${name} es un nombre reservado` });
    }
    for (const message of operatorProblems(step.expect)) ctx.addIssue({ code: 'custom', path: ['expect'], message });
  });

export const Scenario = z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    /** Used by --fresh unless the command line or the environment gives another one. */
    seed: z.number().int().optional(),
    clockStart: z.iso.datetime({ offset: true }).optional(),
    tenants: z.array(Tenant).min(1),
    steps: z.array(Step).min(1),
  })
  .superRefine((scenario, ctx) => {
    const keys = scenario.tenants.flatMap((t) => t.keys.map((k) => k.as));
    if (keys.length === 0) ctx.addIssue({ code: 'custom', path: ['tenants'], message: 'hace falta al menos una clave (keys)' });
    const seen = new Set<string>();
    for (const alias of [...scenario.tenants.map((t) => t.as), ...keys]) {
      if (seen.has(alias)) ctx.addIssue({ code: 'custom', path: ['tenants'], message: `el alias ${alias} está repetido` });
      seen.add(alias);
    }
  });

export type Scenario = z.infer<typeof Scenario>;
export type Step = z.infer<typeof Step>;
export type RequestSpec = z.infer<typeof Request>;
export type FilePartSpec = z.infer<typeof FilePart>;
