import { afterEach, expect } from 'vitest';
import { advanceClock } from '../../server/clock/service.ts';
import { SIM_URLS } from './platform-network.ts';
import { TINY_PNG } from './images.ts';
import type { useWorld } from './world.ts';

type World = ReturnType<typeof useWorld>;
export type Auth = { Authorization: string };

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
/** platform_a's own review of an accepted driver lasts 1 to 12 simulated hours (seeded). */
export const PAST_DRIVER_REVIEW = 13 * HOUR;

/**
 * Drivers, vehicles and platform steps for tests that run against the simulators (useWorld). Every
 * number and plate is new, so tests sharing one world never see each other's data; the defaults
 * avoid the simulators' magic values (docs/simulators.md) unless a test asks for one.
 */
export function fleetFixtures(w: World) {
  let seq = 0;
  const next = () => String(++seq).padStart(4, '0');
  const platformCalls: string[] = [];
  const record = ({ request }: { request: Request }) => {
    if (Object.values(SIM_URLS).some((u) => request.url.startsWith(u))) platformCalls.push(`${request.method} ${request.url}`);
  };
  w.net.server.events.on('request:start', record);
  afterEach(() => void platformCalls.splice(0));

  /** `suffix`: the last four digits, which script the platform_a driver (0001 accept … 0004 suspend). */
  async function driver(auth: Auth, suffix = '7777'): Promise<string> {
    const body = { name: 'Ana Ruiz', whatsapp: `33${next()}${suffix}`, city: 'Guadalajara' };
    return (await w.request.post('/v1/drivers').set(auth).send(body).expect(201)).body.id;
  }

  async function vehicle(auth: Auth, platePrefix = 'IB'): Promise<string> {
    const n = next();
    const body = { plate: `${platePrefix}-${n}`, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: `3VWFE21C04M10${n}` };
    return (await w.request.post('/v1/vehicles').set(auth).send(body).expect(201)).body.id;
  }

  async function approveOnA(auth: Auth, vehicleId: string): Promise<void> {
    await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post(`/v1/vehicles/${vehicleId}/documents`).set(auth)
      .field('type', 'circulation_card_front').attach('file', TINY_PNG, 'card.png').expect(201);
    await w.net.control.reviewVehicle(vehicleId, { verdict: 'approved' });
    const res = await w.request.post(`/v1/vehicles/${vehicleId}/registrations/platform_a/refresh`).set(auth).expect(200);
    expect(res.body.status).toBe('approved');
  }

  const registerOnB = (auth: Auth, vehicleId: string) =>
    w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_b' }).expect(201);

  const invite = (auth: Auth, driverId: string, platform = 'platform_a') =>
    w.request.post(`/v1/drivers/${driverId}/invitations`).set(auth).send({ platform });
  const refresh = (auth: Auth, driverId: string) => w.request.post(`/v1/drivers/${driverId}/invitations/platform_a/refresh`).set(auth);
  const invitation = async (auth: Auth, driverId: string) =>
    (await w.request.get(`/v1/drivers/${driverId}/invitations/platform_a`).set(auth).expect(200)).body;

  /** Invited, accepted in the app, seen through refresh: bound and under the platform's review. */
  async function boundDriver(auth: Auth, driverId: string): Promise<void> {
    await invite(auth, driverId).expect(201);
    await w.net.control.acceptInvitation(driverId);
    expect((await refresh(auth, driverId).expect(200)).body.status).toBe('bound');
  }

  /** Bound and approved: active on platform_a. Moves the shared clock past the driver review. */
  async function activeDriver(auth: Auth, driverId: string): Promise<void> {
    await boundDriver(auth, driverId);
    await advance(PAST_DRIVER_REVIEW);
    expect((await invitation(auth, driverId)).reviewStatus).toBe('approved');
  }

  const advance = (ms: number) => advanceClock(w.deps, w.services, ms);

  const assign = (auth: Auth, vehicleId: string, driverId: string) =>
    w.request.post('/v1/assignments').set(auth).send({ vehicleId, driverId });
  const assignment = async (auth: Auth, id: string) => (await w.request.get(`/v1/assignments/${id}`).set(auth).expect(200)).body;

  /** The platform's own view: is this pair bound there now? */
  async function boundOnPlatform(platform: 'platform_a' | 'platform_b', vehicleId: string, driverId: string): Promise<boolean> {
    const bindings = await w.net.control.listBindings(platform);
    return bindings.some((b) => b.vehicleExternalId === vehicleId && b.driverExternalId === driverId);
  }

  const bindingRow = (assignmentId: string, platform: string) =>
    w.deps.db.prepare('SELECT state, attempts, last_error FROM assignment_bindings WHERE assignment_id = ? AND platform = ?')
      .get(assignmentId, platform) as { state: string; attempts: number; last_error: string | null } | undefined;

  return {
    driver, vehicle, approveOnA, registerOnB, invite, refresh, invitation, boundDriver, activeDriver, advance,
    assign, assignment, boundOnPlatform, bindingRow, platformCalls,
  };
}
