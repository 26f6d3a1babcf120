import { describe, expect, it } from 'vitest';
import { stopTravels } from '../../server/clock/travel.ts';
import { useWorld } from '../support/world.ts';

const DAY = 86_400_000;

/** serve's stop under an advance (server/main.ts calls stopTravels as its drain begins): its own app, since a stop is for good. */
describe('a clock advance when serve stops', () => {
  const w = useWorld();

  it('when serve stops after the first step of a 30-day advance, then it takes no step more and its 503 says where the world\'s clock stayed', async () => {
    const { tenant } = w.newTenant();
    const before = w.deps.clocks.forTenant(tenant.id).nowMs();
    const setFleetClock = w.deps.simulators.setFleetClock;
    w.deps.simulators.setFleetClock = async (...args) => {
      const answered = await setFleetClock(...args);
      stopTravels(w.deps); // the stop comes while the first step is under way
      return answered;
    };

    const res = await w.request.post('/_testbed/clock/advance').send({ duration: '30d', tenant: tenant.id });

    const stayed = new Date(before + 7 * DAY).toISOString();
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      code: 'PLATFORM_UNAVAILABLE',
      message: `El testbed se detuvo antes de terminar esta solicitud: el avance se detuvo en ${stayed}: el reloj quedó en ese instante, coherente.`,
    });
    expect(w.deps.clocks.forTenant(tenant.id).now().toISOString()).toBe(stayed);
  });
});
