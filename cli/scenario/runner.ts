import { actionOf, perform, type ActionContext } from './actions.ts';
import { drawUniques } from './unique-values.ts';
import { StepError, type Exchange } from './http.ts';
import { match } from './matcher.ts';
import { renderedActionProblems, type Scenario, type Step } from './schema.ts';
import { createTenants, type TenantRecord } from './setup.ts';
import { lookup, render, TemplateError } from './template.ts';
import type { Target } from './environment.ts';
import { controlHeaders } from '../environment.ts';
import type { CoverageReport } from '../../server/coverage/report.ts';
import { coverageOfTenants } from './coverage.ts';

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface StepResult {
  index: number;
  name: string;
  action: string;
  status: StepStatus;
  request?: Exchange['request'];
  /** `status` null: no answer came (the connection closed). */
  response?: { status: number | null; body: unknown; headers?: Record<string, string> };
  failures: string[];
  captured?: Record<string, unknown>;
}

/** The machine-readable record of a run. Nothing in it depends on timing, ports or temp paths. */
export interface Transcript {
  scenario: string;
  file: string;
  ok: boolean;
  environment: { fresh: boolean; seed: number | null; clockStart: string | null };
  tenants: TenantRecord[];
  steps: StepResult[];
  summary: Record<StepStatus, number>;
}

export interface ScenarioRun {
  transcript: Transcript;
  /** Real time per step, for JUnit; kept out of the transcript so that two runs compare equal. */
  durationsMs: number[];
  /** The transitions of spec §3 that happened in the file's own worlds (docs/coverage.md). */
  coverage: CoverageReport;
}

export function stepName(step: Step): string {
  if (step.name) return step.name;
  if (step.request) return `${step.request.method} ${step.request.path}`;
  const action = actionOf(step);
  const arg = step[action];
  if (typeof arg === 'string') return `${action} ${arg}`;
  if (action === 'fault') return [action, ...faultLabel(step.fault!)].join(' ');
  if (action === 'expectRequests') return [action, ...expectedLabel(step.expectRequests!)].join(' ');
  return [action, ...objectArgLabel(arg)].join(' ');
}

const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
/** The requests a rule or a count selects: its operation, else its method and path. */
const selected = (o: Record<string, unknown>) => o.operation ?? [o.method, o.path].filter((v) => v !== undefined).join(' ');
/** A label's words as shown, with the world it names last: `(fleet)`. */
const labelled = (words: unknown[], tenant: unknown): string[] =>
  [...words.map(shown), typeof tenant === 'string' ? `(${tenant})` : undefined].filter((w): w is string => w !== undefined && w !== '');

/** What a fault step sets, as its name: `fault rate_limited createVehicle ×2 (fleet)`, `fault platform_b error`. */
function faultLabel({ tenant, ...fault }: Record<string, unknown>): string[] {
  const words = 'platform' in fault
    ? [fault.platform, fault.mode, fault.ms === undefined ? undefined : `${shown(fault.ms)} ms`]
    : [fault.effect, selected(fault), fault.times === undefined ? undefined : `×${shown(fault.times)}`,
      // What else tells two rules on one target apart, as `field=value`.
      ...(['after', 'probability', 'retryAfter', 'delayMs', 'when'] as const).map((field) => (fault[field] === undefined ? undefined : `${field}=${shown(fault[field])}`))];
  return labelled(words, tenant);
}

/**
 * What an expectRequests step counts, as its name, so that two in a report tell apart:
 * `expectRequests createVehicle 429 ×2 (fleet)`, `expectRequests POST /v1/vehicles ×0`.
 */
function expectedLabel({ tenant, status, count, ...filter }: Record<string, unknown>): string[] {
  return labelled([selected(filter), status, `×${shown(count)}`], tenant);
}

/**
 * The object form of a one-value step says what the short form would (`restoreSnapshot inicio`,
 * `advanceClock 6h`, `waitForJob ID`), and the world it names: `restoreSnapshot inicio (fleet)`.
 */
function objectArgLabel(arg: unknown): string[] {
  if (arg === null || typeof arg !== 'object') return [];
  const o = arg as Record<string, unknown>;
  const main = ['name', 'duration', 'id'].map((k) => o[k]).find((v) => typeof v === 'string');
  return [main, typeof o.tenant === 'string' ? `(${o.tenant})` : undefined].filter((v): v is string => v !== undefined);
}

/** Status (2xx unless told), body and headers, then captures; every mismatch is listed. */
function check(step: Step, exchange: Exchange, vars: Record<string, unknown>): { failures: string[]; captured: Record<string, unknown> } {
  const expect = step.expect ? render(step.expect, vars) : {};
  const { response } = exchange;
  const failures = response.status === null && expect.status !== null
    // No answer, and the step did not say it wants none: said so whatever it expected (a matcher such
    // as `$exists: true` would take the null).
    ? [`status: se esperaba ${expect.status === undefined ? '2xx' : JSON.stringify(expect.status)}, no llegó respuesta (${exchange.closed}; si el paso la busca, espera status: null)`]
    : expect.status === undefined
      ? response.status! >= 200 && response.status! < 300 ? [] : [`status: se esperaba 2xx, llegó ${response.status}`]
      : match(expect.status, response.status, 'status');
  if (expect.body !== undefined) failures.push(...match(expect.body, response.body, 'body'));
  if (expect.headers) failures.push(...match(lowerKeys(expect.headers), response.headers, 'headers'));
  const captured: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(step.capture ?? {})) {
    const value = lookup(response, path);
    if (value === undefined) failures.push(`capture ${name}: ${path} no está en la respuesta`);
    else captured[name] = value;
  }
  return { failures, captured };
}

const lowerKeys = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));

/** The transcript shows only the headers the step asked about: the others carry request ids and dates. */
function shownResponse(step: Step, response: Exchange['response']): StepResult['response'] {
  const names = Object.keys(step.expect?.headers ?? {}).map((k) => k.toLowerCase());
  if (names.length === 0) return { status: response.status, body: response.body };
  return { status: response.status, body: response.body, headers: Object.fromEntries(names.map((n) => [n, response.headers[n]])) };
}

async function runStep(step: Step, index: number, ctx: ActionContext, vars: Record<string, unknown>): Promise<StepResult> {
  const base = { index, name: stepName(step), action: actionOf(step) };
  let exchange: Exchange;
  try {
    // Only the action is rendered here: expectations are rendered after it, names never.
    const { expect: _expect, capture: _capture, name: _name, ...action } = step;
    const firstWorld = ctx.tenantIds.values().next().value!;
    const rendered = render(await drawUniques(action, ctx, firstWorld), vars);
    const problems = renderedActionProblems(base.action, rendered);
    if (problems.length > 0) return { ...base, status: 'failed', failures: problems };
    exchange = await perform(rendered, ctx);
  } catch (err) {
    if (err instanceof TemplateError || err instanceof StepError) return { ...base, status: 'failed', failures: [err.message] };
    throw err;
  }
  let outcome: ReturnType<typeof check>;
  try {
    outcome = check(step, exchange, vars);
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    outcome = { failures: [`expect: ${err.message}`], captured: {} };
  }
  Object.assign(vars, outcome.captured);
  const result: StepResult = {
    ...base,
    status: outcome.failures.length ? 'failed' : 'passed',
    request: exchange.request,
    response: shownResponse(step, exchange.response),
    failures: outcome.failures,
  };
  if (Object.keys(outcome.captured).length) result.captured = outcome.captured;
  return result;
}

/**
 * Creates the scenario's tenants and keys, then runs its steps in order. The first failing step
 * ends the run (later steps would work on values it did not capture); the rest are `skipped`.
 */
export async function runScenario(scenario: Scenario, target: Target, file: string): Promise<ScenarioRun> {
  const setup = await createTenants(scenario, target.baseUrl, controlHeaders(target.config));
  const vars: Record<string, unknown> = { ...setup.vars };
  const ctx: ActionContext = {
    baseUrl: target.baseUrl,
    secrets: setup.secrets,
    defaultKey: setup.tenants.flatMap((t) => t.keys)[0].as,
    tenantIds: new Map(setup.tenants.map((t) => [t.as, t.id])),
    controlHeaders: controlHeaders(target.config),
  };
  const steps: StepResult[] = [];
  const durationsMs: number[] = [];
  for (const [i, step] of scenario.steps.entries()) {
    const started = performance.now();
    if (steps.some((s) => s.status === 'failed')) {
      steps.push({ index: i + 1, name: stepName(step), action: actionOf(step), status: 'skipped', failures: [] });
      durationsMs.push(0);
      continue;
    }
    steps.push(await runStep(step, i + 1, ctx, vars));
    durationsMs.push(performance.now() - started);
  }
  const count = (status: StepStatus) => steps.filter((s) => s.status === status).length;
  const summary = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  const environment = { fresh: target.fresh !== null, seed: target.fresh?.seed ?? null, clockStart: target.fresh?.clockStart ?? null };
  const transcript = { scenario: scenario.name, file, ok: summary.failed === 0, environment, tenants: setup.tenants, steps, summary };
  const coverage = await coverageOfTenants(target.baseUrl, ctx.controlHeaders, setup.tenants.map((t) => t.id));
  return { transcript, durationsMs, coverage };
}
