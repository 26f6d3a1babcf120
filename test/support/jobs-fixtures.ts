import type { Auth } from './fleet-fixtures.ts';
import type { useWorld } from './world.ts';

type World = ReturnType<typeof useWorld>;
type Fleet = ReturnType<World['newTenant']>;

/** For jobs*.test.ts: vehicles and drivers made through the services, the batch and job calls, and the rows they write. */
export function jobFixtures(w: World) {
  let seq = 0;
  const next = () => String(++seq).padStart(6, '0');

  /** Arrange-only shortcut: the service, not 500 HTTP calls. */
  const vehicle = (fleet: Fleet, extra: Record<string, unknown> = {}) =>
    w.services.vehicles.create(fleet.tenant.id, {
      plate: `JB${next()}`, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco', city: 'Guadalajara',
      vin: `1HGCM82633A${next()}`, ...extra,
    } as never);
  const driver = (fleet: Fleet) =>
    w.services.drivers.create(fleet.tenant.id, { name: 'Ana López', whatsapp: `33${next()}55`, city: 'Guadalajara' } as never);
  const batch = (auth: Auth, body: object, what = 'vehicles/registrations') => w.request.post(`/v1/${what}/batch`).set(auth).send(body);
  const getJob = (auth: Auth, id: string) => w.request.get(`/v1/jobs/${id}`).set(auth);
  const registration = (id: string, platform: string) =>
    w.deps.db.prepare('SELECT status FROM vehicle_registrations WHERE vehicle_id = ? AND platform = ?').pluck().get(id, platform);
  const onPlatformA = (id: string) => w.net.simulators.db.prepare('SELECT COUNT(*) FROM pa_vehicles WHERE external_id = ?').pluck().get(id);

  return { next, vehicle, driver, batch, getJob, registration, onPlatformA };
}
