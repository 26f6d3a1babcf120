import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serveForSuite, worldClient } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/** `fleet-sim faults add|list|clear|remove --tenant ID` against a running serve, as a QA script uses them. */
describe('fleet-sim faults', () => {
  const env = serveForSuite();

  it('when a rule is added with the CLI, then the world\'s requests meet it, list shows its hits, and clear removes it', async () => {
    const world = await worldClient(env, 'Flota CLI fallos');
    const vehicle = { plate: 'CLF1001', brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' };

    const added = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'rate_limited', '--operation', 'createVehicle', '--times', '2', '--retry-after', '3']);
    const first = await world.api('POST', '/v1/vehicles', vehicle);
    const listed = await env.cli(['faults', 'list', '--tenant', world.tenantId]);
    const cleared = await env.cli(['faults', 'clear', '--tenant', world.tenantId]);
    const after = await world.api('POST', '/v1/vehicles', vehicle);

    expect(added.json).toMatchObject({ id: 'flt_1', effect: 'rate_limited', operation: 'createVehicle', times: 2, retryAfter: 3, hits: 0, remaining: 2 });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(listed.json.data).toEqual([expect.objectContaining({ id: 'flt_1', hits: 1, remaining: 1 })]);
    expect(cleared.json).toEqual({ deleted: 1 });
    expect(after.status).toBe(201);
  }, 120_000);

  it('when a platform fault is added for a world and one rule removed, then each answers as the control API does', async () => {
    const world = await worldClient(env, 'Flota CLI plataforma');

    const platform = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--platform', 'platform_a', '--mode', 'slow', '--ms', '10']);
    const rule = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'delay', '--delay-ms', '5', '--method', 'get']);
    const removed = await env.cli(['faults', 'remove', rule.json.id, '--tenant', world.tenantId]);

    expect(platform.json).toEqual({ platform: 'platform_a', mode: 'slow', ms: 10 });
    expect(rule.json).toMatchObject({ effect: 'delay', delayMs: 5, method: 'GET' });
    expect(removed.json).toEqual({ id: rule.json.id, deleted: true });
    // Said in words: what went is the world's platform fault, a «falla» as everywhere else.
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'faults', 'clear', '--tenant', world.tenantId], { env: env.env });
    expect(stdout).toBe('Reglas y fallas de plataforma borradas: 1\n');
    // A platform set back to none is said so, not as a «falla» whose mode is none.
    const none = await promisify(execFile)(process.execPath, [BIN, 'faults', 'add', '--tenant', world.tenantId, '--platform', 'platform_a', '--mode', 'none'], { env: env.env });
    expect(none.stdout).toBe('platform_a ya no falla para este mundo\n');
  }, 120_000);

  it('when a rule is bad, then the command exits non-zero with the testbed\'s Spanish message naming the field, and no stack trace', async () => {
    const world = await worldClient(env, 'Flota CLI mala');

    const res = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--all', '--probability', 'mucho']);

    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/^error: .*probability/);
    expect(res.stderr).not.toMatch(/\bat \S+ \(|\.ts:\d+|\.js:\d+/);
  }, 120_000);

  it('when a number option is not written plainly (0x10, 1e3), then it is refused naming the option, and no rule is made', async () => {
    const world = await worldClient(env, 'Flota CLI cifras');

    const hex = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--all', '--times', '0x10']);
    const exponent = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--platform', 'platform_a', '--mode', 'slow', '--ms', '1e3']);
    const listed = await env.cli(['faults', 'list', '--tenant', world.tenantId]);

    expect([hex.code, exponent.code]).toEqual([1, 1]);
    expect(hex.stderr).toMatch(/^error: .*--times debe ser un número/);
    expect(exponent.stderr).toMatch(/^error: .*--ms/);
    expect(listed.json).toEqual({ data: [], platforms: {} });
  }, 120_000);

  it('when options of both forms are mixed, then the testbed refuses the one that does not belong, and no rule or platform fault is made', async () => {
    const world = await worldClient(env, 'Flota CLI mezcla');

    const onPlatform = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--platform', 'platform_a', '--mode', 'error', '--effect', 'internal', '--times', '3']);
    const onRule = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--mode', 'slow']);
    const listed = await env.cli(['faults', 'list', '--tenant', world.tenantId]);

    expect([onPlatform.code, onRule.code]).toEqual([1, 1]);
    // Said in the options' names, as typed: the API's fields (effect, retryAfter) would not be.
    expect(onPlatform.stderr).toMatch(/^error: .*campos desconocidos: --effect, --times \(se admiten --platform, --mode, --ms\)/);
    expect(onRule.stderr).toMatch(/^error: .*campo desconocido: --mode \(se admiten --effect, --operation, --method, --path, --times, --after, --probability, --retry-after, --delay-ms, --when\)/);
    expect(listed.json).toEqual({ data: [], platforms: {} });
  }, 120_000);

  it('when a rule names no requests (no --operation, --method nor --path) and no --all, then it exits 1 saying how, and no rule; with --all it fails every request', async () => {
    const world = await worldClient(env, 'Flota CLI sin selector');

    const bare = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--times', '1']);
    const mixed = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--all', '--operation', 'getMe', '--mode', 'error']);
    const noEffect = await env.cli(['faults', 'add', '--tenant', world.tenantId]);
    const before = await env.cli(['faults', 'list', '--tenant', world.tenantId]);
    const all = await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--all', '--times', '1']);
    const me = await world.api('GET', '/v1/me');

    expect([bare.code, mixed.code, noEffect.code]).toEqual([1, 1, 1]);
    expect(bare.stderr).toBe('error: di qué peticiones falla la regla (--operation, --method o --path), o --all para todas las del mundo: sin ninguna, la regla falla cada petición del mundo\n');
    expect(mixed.stderr).toBe('error: --all es una regla para todas las peticiones del mundo: no se combina con --operation, --mode\n');
    expect(noEffect.stderr).toMatch(/^error: .*effect/);
    expect(before.json).toEqual({ data: [], platforms: {} });
    expect(all.code).toBe(0);
    expect(me.status).toBe(500);
  }, 120_000);

  it('when the rules are listed for a person (no --json), then the table\'s headings are Spanish and a rule\'s line holds its hits', async () => {
    const world = await worldClient(env, 'Flota CLI tabla');
    await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'internal', '--operation', 'listVehicles']);
    await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'rate_limited', '--method', 'POST', '--after', '1', '--probability', '0.5', '--retry-after', '7']);
    await env.cli(['faults', 'add', '--tenant', world.tenantId, '--effect', 'delay', '--delay-ms', '250', '--operation', 'getMe', '--times', '2']);
    await world.api('GET', '/v1/vehicles');

    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'faults', 'list', '--tenant', world.tenantId], { env: env.env });

    const [heading, rule, conditional, delay] = stdout.split('\n');
    expect(heading.split(/\s{2,}/)).toEqual(['ID', 'EFECTO', 'PETICIONES', 'CUÁNDO', 'CONDICIONES', 'ACIERTOS', 'RESTANTES']);
    expect(rule.split(/\s{2,}/)).toEqual(['flt_1', 'internal', 'listVehicles', 'before', '—', '1', 'sin límite']);
    expect(conditional.split(/\s{2,}/)).toEqual(['flt_2', 'rate_limited', 'POST', 'before', 'tras 1, probabilidad 0.5, Retry-After 7 s', '0', 'sin límite']);
    expect(delay.split(/\s{2,}/)).toEqual(['flt_3', 'delay', 'getMe', 'before', '250 ms', '0', '2']);
    // Aligned: each column starts where its heading does.
    expect(rule.indexOf('listVehicles')).toBe(heading.indexOf('PETICIONES'));
  }, 120_000);
});
