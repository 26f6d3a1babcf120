import { sha256 } from '../../server/lib/sha256.ts';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { CliError } from '../output.ts';
import { send } from './http.ts';
import type { Scenario } from './schema.ts';

export interface TenantRecord {
  as: string;
  id: string;
  name: string;
  status: string;
  keys: Array<{ as: string; id: string; prefix: string; scopes: string[]; environment: string }>;
  fixture?: { vehicleIds: string[]; driverIds: string[]; assignmentIds: string[] };
}

export interface Setup {
  tenants: TenantRecord[];
  /** Key alias → the full secret; never written to the transcript (it is random, and a secret). */
  secrets: Map<string, string>;
  vars: Record<string, unknown>;
}

/**
 * `run.tag` (6 hex) and `run.digits` (6 digits) come from the first tenant's id: the same on a fresh
 * data dir with the same seed, new on every run against a running serve, so plates and whatsapp
 * numbers, unique service-wide, do not clash with an earlier run's.
 */
export function runTokens(firstTenantId: string): { tag: string; digits: string } {
  const hash = sha256(firstTenantId);
  return { tag: hash.subarray(0, 3).toString('hex').toUpperCase(), digits: String(hash.readUInt32BE(3) % 1_000_000).padStart(6, '0') };
}

interface CreatedTenant {
  id: string;
  name: string;
  status: string;
  keys: Array<{ id: string; key: string; prefix: string; scopes: string[]; environment: string }>;
  fixture?: TenantRecord['fixture'];
}

/**
 * Each tenant of the file is a new world, made with its keys through the control API of the serve
 * the scenario runs on (so it works against a remote serve too, and never touches its data dir).
 */
export async function createTenants(scenario: Scenario, baseUrl: string, headers: Record<string, string>): Promise<Setup> {
  const secrets = new Map<string, string>();
  const tenants: TenantRecord[] = [];
  for (const spec of scenario.tenants) {
    const keysOf = spec.keys.map((k) => ({ scopes: k.scopes, environment: k.env }));
    const body = { name: spec.name, status: spec.pending ? 'pending' : 'active', keys: keysOf, ...(spec.fixture && { fixture: spec.fixture }) };
    const created = await controlPost<CreatedTenant>(baseUrl, headers, '/tenants', body);
    const keys = created.keys.map((key, i) => {
      const as = spec.keys[i].as;
      secrets.set(as, key.key);
      return { as, id: key.id, prefix: key.prefix, scopes: key.scopes, environment: key.environment };
    });
    tenants.push({ as: spec.as, id: created.id, name: created.name, status: created.status, keys, ...(created.fixture && { fixture: created.fixture }) });
  }
  const vars = {
    days: await worldDays(baseUrl, headers, tenants[0].id),
    tenants: Object.fromEntries(tenants.map((t) => [t.as, { id: t.id, name: t.name, ...(t.fixture && { fixture: t.fixture }) }])),
    keys: Object.fromEntries(tenants.flatMap((t) => t.keys.map((k) => [k.as, { id: k.id, prefix: k.prefix, tenantId: t.id }]))),
    run: runTokens(tenants[0].id),
  };
  return { tenants, secrets, vars };
}

/** How many days of a world `days[i]` names, counting from the day its first tenant was made. */
export const WORLD_DAYS = 120;

/**
 * `days[0]` is the Mexico City date of the file's first world when it was made, `days[i]` i days
 * later: a file names its days by these, so it runs on a serve whose time has moved on, too.
 */
async function worldDays(baseUrl: string, headers: Record<string, string>, tenantId: string): Promise<string[]> {
  const response = await send(`${baseUrl}/_testbed/clock?tenant=${encodeURIComponent(tenantId)}`, { method: 'GET', headers });
  const now = (response.body as { now?: string } | null)?.now;
  if (response.status !== 200 || !now) throw new CliError(`no se pudo leer el reloj del mundo del escenario (HTTP ${response.status})`);
  const today = mexicoCityDate(Date.parse(now));
  return Array.from({ length: WORLD_DAYS }, (_, i) => addDays(today, i));
}

async function controlPost<T>(baseUrl: string, headers: Record<string, string>, path: string, body: unknown): Promise<T> {
  const response = await send(`${baseUrl}/_testbed${path}`, { method: 'POST', json: body, headers });
  if (response.status !== 201) {
    const message = (response.body as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${response.status}`;
    throw new CliError(`no se pudieron crear los tenants del escenario: ${message}`);
  }
  return response.body as T;
}
