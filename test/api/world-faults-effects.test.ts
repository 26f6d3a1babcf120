import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { allowUndeclaredResponses } from '../support/openapi-records.ts';
import { expectEnvelope } from '../support/error-envelope.ts';
import { faultsApp } from '../support/world-faults.ts';

const UNDECLARED = 'a fault rule answers any operation with its own status';

describe('world faults: effects', () => {
  it.each([
    { effect: 'rate_limited', status: 429, code: 'RATE_LIMITED', retryAfter: '1' },
    { effect: 'unavailable', status: 503, code: 'PLATFORM_UNAVAILABLE', retryAfter: '1' },
    { effect: 'internal', status: 500, code: 'INTERNAL', retryAfter: undefined },
  ])('when a $effect rule matches, then the request answers $status $code with X-Testbed-Fault and changes nothing', async ({ effect, status, code, retryAfter }) => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const rule = await f.addRule({ effect });

    const res = await f.createVehicle();

    expect(rule.status).toBe(201);
    expectEnvelope(res, status, code);
    expect(res.body.error.message).toContain(rule.body.id);
    expect(res.headers['x-testbed-fault']).toBe(rule.body.id);
    expect(res.headers['retry-after']).toBe(retryAfter);
    expect(f.vehicleCount()).toBe(0);
  });

  it('when a rate_limited rule gives retryAfter 7, then Retry-After says 7 and details say it too', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'rate_limited', retryAfter: 7 });

    const res = await f.createVehicle();

    expect(res.headers['retry-after']).toBe('7');
    expect(res.body.error.details).toEqual({ fault: 'flt_1', retryAfterSeconds: 7 });
  });

  it('when a delay rule matches, then the answer is the normal one after delayMs of real time, marked with the rule', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'delay', delayMs: 250 });

    const res = await f.createVehicle();

    expect(res.status).toBe(201);
    expect(res.headers['x-testbed-fault']).toBe('flt_1');
    expect(f.waits).toEqual([250]);
    expect(f.vehicleCount()).toBe(1);
  });

  it('when a reset rule matches, then the connection closes with no answer and nothing changes', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'reset' });

    const failure = await f.createVehicle().then(() => null, (err: NodeJS.ErrnoException) => err);

    expect(failure?.code ?? failure?.message).toMatch(/ECONNRESET|socket hang up/);
    expect(f.vehicleCount()).toBe(0);
    const rules = await f.listRules();
    expect(rules.body.data[0]).toMatchObject({ hits: 1 });
  });

  it('when the rule says when: after, then the write is kept and its answer is replaced by the fault', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'unavailable', operation: 'createVehicle', when: 'after', times: 1 });

    const lost = await f.createVehicle();
    const list = await f.request.get('/v1/vehicles').set(f.one.auth);

    expectEnvelope(lost, 503, 'PLATFORM_UNAVAILABLE');
    expect(lost.headers.location).toBeUndefined();
    expect(f.vehicleCount()).toBe(1);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
  });

  it('when a reset rule says when: after, then the write is kept and the connection closes', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'reset', when: 'after' });

    const failure = await f.createVehicle().then(() => null, (err: NodeJS.ErrnoException) => err);

    expect(failure).not.toBeNull();
    expect(f.vehicleCount()).toBe(1);
  });

  it('when a delay rule says when: after, then the write is made and its normal answer leaves late', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'delay', delayMs: 60_000, when: 'after' });

    const res = await f.createVehicle();

    expect(res.status).toBe(201);
    expect(f.waits).toEqual([60_000]);
    expect(f.vehicleCount()).toBe(1);
  });

  it('when one world has a rule, then another world\'s same request is untouched', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'internal' });

    const faulted = await f.createVehicle();
    const other = await f.createVehicle(f.two.auth);

    expect(faulted.status).toBe(500);
    expect(other.status).toBe(201);
    expect(other.headers['x-testbed-fault']).toBeUndefined();
  });

  it('when a fault fires, then it is logged with the rule, and res.locals.faultRuleId names it', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
    const logger = { info: (msg: string, fields?: Record<string, unknown>) => void lines.push({ msg, fields }), warn() {}, error() {} };
    const f = faultsApp({ logger });
    const seen: unknown[] = [];
    type Handle = (req: Request, res: Response, callback?: unknown) => void;
    const target = f.app as unknown as { handle: Handle };
    const handle = target.handle.bind(f.app);
    target.handle = (req, res, callback) => {
      res.once('finish', () => seen.push(res.locals.faultRuleId));
      return handle(req, res, callback);
    };
    await f.addRule({ effect: 'internal' });

    await f.createVehicle();
    await f.createVehicle(f.two.auth);

    expect(lines.find((l) => l.msg === 'fault')?.fields).toMatchObject({ ruleId: 'flt_1', effect: 'internal', tenantId: f.one.tenant.id });
    expect(seen).toEqual([undefined, 'flt_1', undefined]);
  });
});
