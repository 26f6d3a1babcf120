import { expect } from 'vitest';
import { fleetFixtures, type Auth } from './fleet-fixtures.ts';
import { TINY_PNG } from './images.ts';
import { useWorld } from './world.ts';

/**
 * The world of the dashboard tests and the browser's two ways in: `get` a page, `act` as htmx sends
 * a form. Call inside a describe.
 */
export function useDashboardWorld() {
  // No test here is about platform timeouts: room for a busy machine's first calls.
  const w = useWorld({ clientTimeoutMs: 10_000 });
  const f = fleetFixtures(w);
  const get = (path: string) => w.request.get(`/dashboard${path}`);
  /** An action as the page sends it: a URL-encoded form from htmx (as text when a field repeats, as checkboxes do). */
  const act = (method: 'post' | 'delete', path: string, form: Record<string, string> | string = {}) =>
    w.request[method](`/dashboard${path}`).set('HX-Request', 'true').type('form').send(form);

  /** A vehicle registered on platform_a with its card sent: platform_a's review of it is running. */
  async function cardSent(auth: Auth): Promise<string> {
    const id = await f.vehicle(auth);
    await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post(`/v1/vehicles/${id}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'c.png').expect(201);
    return id;
  }

  /** A vehicle on both platforms (card sent on platform_a) driven by an invited driver. */
  async function smallFleet(auth: Auth, driverName = 'Ana Ruiz') {
    const vehicleId = await cardSent(auth);
    await f.registerOnB(auth, vehicleId);
    const driver = await w.request.post('/v1/drivers').set(auth).send({ name: driverName, whatsapp: `+5233${String(Date.now()).slice(-8)}`, city: 'Guadalajara' }).expect(201);
    await f.invite(auth, driver.body.id).expect(201);
    const assignment = await f.assign(auth, vehicleId, driver.body.id).expect(201);
    const plate = (await w.request.get(`/v1/vehicles/${vehicleId}`).set(auth).expect(200)).body.plate as string;
    return { vehicleId, driverId: driver.body.id as string, whatsapp: driver.body.whatsapp as string, plate, assignmentId: assignment.body.id as string };
  }

  return { w, f, get, act, cardSent, smallFleet };
}

/** The API's error in the page: its code and Spanish message, into the #avisos region. */
export function expectAlert(res: { status: number; text: string; headers: Record<string, string> }, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(res.headers['hx-retarget']).toBe('#avisos');
  expect(res.text).toContain(code);
  expect(res.text).toContain(message);
  expect(res.text).not.toMatch(/at \S+ \(|node_modules|\.ts:\d+/); // no stack trace
}
