import { describe, expect, it } from 'vitest';
import { createUniqueValues } from '../../server/fixtures/unique.ts';
import { CreateVehicle } from '../../server/vehicles/schema.ts';
import { VIN_PATTERN } from '../../server/common/schemas.ts';
import { WHATSAPP_PATTERN } from '../../server/catalog/phone.ts';
import { driverScript, defaultReviewOutcome, refusesBindings, rejectedByPlatformB } from '../../simulators/common/magic.ts';
import { createTenantPurge } from '../../server/tenants/purge.ts';
import { makeDeps } from '../support/app.ts';
import { createTenantService } from '../../server/tenants/service.ts';

function setup(seed = 7) {
  const deps = makeDeps({ seed });
  const tenants = createTenantService(deps);
  const unique = createUniqueValues(deps.db, deps.seed);
  const world = () => tenants.createTenant('Mundo').id;
  return { deps, unique, world };
}

const draw = (unique: ReturnType<typeof createUniqueValues>, tenantId: string, n: number) =>
  Array.from({ length: n }, () => [unique.plate(tenantId), unique.vin(tenantId), unique.whatsapp(tenantId)]).flat();

describe('unique values of a world', () => {
  it('when values are drawn, then plates, VINs and numbers pass the spec\'s patterns and none is a magic value', () => {
    const { unique, world } = setup();
    const tenantId = world();
    for (let i = 0; i < 20; i++) {
      const [plate, vin, whatsapp] = [unique.plate(tenantId), unique.vin(tenantId), unique.whatsapp(tenantId)];
      expect(CreateVehicle.shape.plate.safeParse(plate).success).toBe(true);
      expect(vin).toMatch(VIN_PATTERN);
      expect(whatsapp).toMatch(WHATSAPP_PATTERN);
      expect(driverScript(whatsapp)).toBeNull();
      expect([defaultReviewOutcome(plate).verdict, refusesBindings(plate), rejectedByPlatformB(plate)]).toEqual(['approved', false, false]);
    }
  });

  it('when a world draws many of a kind at once, then it gets what as many single draws give, and goes on from there', () => {
    const [one, other] = [setup(), setup()];
    const [a, b] = [one.world(), other.world()];
    const singles = (u: typeof one.unique, id: string, kind: 'plate' | 'vin' | 'whatsapp', n: number) => Array.from({ length: n }, () => u[kind](id));

    const many = [...one.unique.many(a, 'plate', 4), ...one.unique.many(a, 'vin', 4), ...one.unique.many(a, 'whatsapp', 4), one.unique.plate(a)];
    const single = [...singles(other.unique, b, 'plate', 4), ...singles(other.unique, b, 'vin', 4), ...singles(other.unique, b, 'whatsapp', 4), other.unique.plate(b)];

    expect(many).toEqual(single);
    expect(new Set(many).size).toBe(many.length);
  });

  it('when two worlds draw, then no value of one is the other\'s', () => {
    const { unique, world } = setup();
    const [a, b] = [world(), world()];
    const values = [...draw(unique, a, 50), ...draw(unique, b, 50)];
    expect(new Set(values).size).toBe(values.length);
  });

  it('when the same world is drawn from on two data dirs with one seed, then it gets the same values; another seed gives other VINs', () => {
    const [one, two, other] = [setup(7), setup(7), setup(8)];
    const [first, second, third] = [one, two, other].map((s) => draw(s.unique, s.world(), 3));
    expect(second).toEqual(first);
    expect(third.filter((v) => v.length === 17)).not.toEqual(first.filter((v) => v.length === 17));
  });

  it('when a value is already held by hand, then the draw skips it', () => {
    const { deps, unique, world } = setup();
    const [a, b] = [world(), world()];
    const fresh = setup();
    const expected = fresh.unique.plate(fresh.world());
    deps.db.prepare(`INSERT INTO vehicles (id, tenant_id, plate, plate_key, brand, model, year, color_id, status, platforms, created_at, updated_at)
      VALUES ('v1', ?, ?, ?, 'Kia', 'Rio', 2022, 1, 'activo', '[]', 'x', 'x')`).run(b, expected, expected);

    expect(unique.plate(a)).not.toBe(expected);
  });

  it('when a world draws its first numbers, then endings 0001..0004 are skipped (the simulators script those)', () => {
    const { unique, world } = setup();
    const tenantId = world();
    expect([unique.whatsapp(tenantId), unique.whatsapp(tenantId)].map((n) => n.slice(-4))).toEqual(['0005', '0006']);
  });

  it('when a world has drawn its last number, then the next draw is a 409 in Spanish, and the last one still works', () => {
    const { deps, unique, world } = setup();
    const tenantId = world();
    deps.db.prepare('INSERT INTO counters (name, value) VALUES (?, 9998)').run(`unique:${tenantId}:whatsapp`);
    expect(unique.whatsapp(tenantId).slice(-4)).toBe('9999');
    expect(() => unique.whatsapp(tenantId)).toThrow(expect.objectContaining({ code: 'CONFLICT', message: expect.stringMatching(/agotó/) }));
  });

  it('when the 100 000th world would draw, then a 409 in Spanish; the 99 999th still draws', () => {
    const { deps, unique, world } = setup();
    deps.db.prepare("INSERT INTO counters (name, value) VALUES ('unique-worlds', 99999)").run();
    const last = world();
    expect(unique.whatsapp(last)).toBe('5999990005');
    expect(() => unique.plate(world())).toThrow(expect.objectContaining({ code: 'CONFLICT', message: expect.stringMatching(/100 000 mundos/) }));
  });

  it('when a magic plate is asked for, then it starts with that prefix, is valid, does what the prefix says, and shares the plain plates\' draws', () => {
    const { unique, world } = setup();
    const [a, b] = [world(), world()];
    const plain = unique.plate(a);
    const [rb, fb, rj, rc] = (['RB', 'FB', 'RJ', 'RC'] as const).map((p) => unique.next(a, 'plate', p));
    const others = (['RB', 'FB', 'RJ', 'RC'] as const).map((p) => unique.next(b, 'plate', p));

    expect([rb, fb, rj, rc].map((p) => p.slice(0, 2))).toEqual(['RB', 'FB', 'RJ', 'RC']);
    for (const p of [rb, fb, rj, rc]) expect(CreateVehicle.shape.plate.safeParse(p).success).toBe(true);
    expect([rejectedByPlatformB(rb), refusesBindings(fb), defaultReviewOutcome(rj).verdict, defaultReviewOutcome(rc).card]).toEqual([true, true, 'rejected', 'rejected']);
    // The tails are the world's and the draw's: the plain plate's draw is not given again.
    expect(new Set([plain.slice(1), rb.slice(2), fb.slice(2), rj.slice(2), rc.slice(2)]).size).toBe(5);
    expect(others.some((p) => [rb, fb, rj, rc].includes(p))).toBe(false);
  });

  it('when magic numbers are asked for, then each ends so and is valid, 7 per ending and world, none starting with 0 or 1, the 8th a 409 in Spanish; plain numbers and other worlds never meet them', () => {
    const { unique, world } = setup();
    const [a, b] = [world(), world()];
    const declines = Array.from({ length: 7 }, () => unique.next(a, 'whatsapp', '0002'));
    const accepts = unique.next(a, 'whatsapp', '0001');
    const elsewhere = [unique.next(b, 'whatsapp', '0002'), unique.whatsapp(a)];

    for (const n of declines) expect([n.slice(-4), driverScript(n)]).toEqual(['0002', 'decline']);
    expect(declines[0]).toMatch(WHATSAPP_PATTERN);
    expect(driverScript(accepts)).toBe('accept');
    expect(new Set([...declines, accepts, ...elsewhere]).size).toBe(10);
    expect(declines.some((n) => /^[01]/.test(n))).toBe(false);
    expect(() => unique.next(a, 'whatsapp', '0002')).toThrow(expect.objectContaining({ code: 'CONFLICT', message: 'Este mundo agotó sus WhatsApp únicos terminados en 0002 (7). Restaura una instantánea del mundo guardada antes de tomarlos, o usa otro mundo.' }));
  });

  it('when a world is deleted, then its counters go with it', async () => {
    const { deps, unique, world } = setup();
    const tenantId = world();
    draw(unique, tenantId, 2);
    await createTenantPurge(deps.db)(tenantId);
    expect(deps.db.prepare("SELECT count(*) FROM counters WHERE name LIKE 'unique:%:%'").pluck().get()).toBe(0);
  });
});
