import type { Deps } from '../deps.ts';
import { findCity } from '../catalog/cities.ts';
import { colorNameById } from '../catalog/colors.ts';
import type { Platform } from '../common/schemas.ts';
import { AppError, conflict, unprocessable } from '../errors.ts';
import type { PlatformRegistration, RegisterResult } from '../platforms/types.ts';
import type { VehicleService } from '../vehicles/service.ts';
import type { VehicleRow } from '../vehicles/store.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import { createRegistrationWriter, sameAsStored } from './apply.ts';
import { toRegistration, type Registration, type RegistrationRow } from './store.ts';
import { syncEach, syncWorldByWorld, worldsIn } from '../sync/sync-each.ts';
import type { WorldFailure, WorldReading } from '../sync/runner.ts';

type RegistrationDeps = Pick<Deps, 'db' | 'clocks' | 'ids' | 'platformA' | 'platformB'>;

/** A registration that exists on the platform: POSTing again is safe and changes nothing (spec §3). */
const ON_PLATFORM = new Set(['pending', 'approved', 'rejected', 'registered']);

/** `vehicles` is the one vehicle service of server/services.ts; `coverage` counts the transitions. */
export function createRegistrationService(
  deps: RegistrationDeps,
  { vehicles, coverage }: { vehicles: VehicleService; coverage: TransitionRecording },
) {
  const writer = createRegistrationWriter(deps.db, coverage);
  const now = (vehicle: VehicleRow) => deps.clocks.forTenant(vehicle.tenant_id).now().toISOString();

  function stored(vehicleId: string, platform: Platform): RegistrationRow {
    const row = writer.registrations.get(vehicleId, platform);
    if (!row) throw new Error(`vehicle ${vehicleId} has no ${platform} registration row`);
    return row;
  }

  async function registerOnPlatform(vehicle: VehicleRow, platform: Platform): Promise<RegisterResult> {
    const common = {
      externalId: vehicle.id,
      fleetId: vehicle.tenant_id,
      plate: vehicle.plate,
      brand: vehicle.brand,
      model: vehicle.model,
      year: vehicle.year,
      color: colorNameById(vehicle.color_id) ?? '',
    };
    if (platform === 'platform_a') {
      const city = vehicle.city === null ? null : findCity(vehicle.city);
      if (!city) throw new AppError('CITY_REQUIRED', undefined, [{ field: 'city', message: 'Ciudad ausente o fuera del catálogo' }]);
      return deps.platformA.registerVehicle({ ...common, vin: vehicle.vin, city: city.name });
    }
    if (!vehicle.vin) {
      throw unprocessable('VALIDATION', 'El vehículo necesita un VIN para registrarse en platform_b (agrégalo con PATCH).', [
        { field: 'vin', message: 'VIN requerido por platform_b' },
      ]);
    }
    const vin = vehicle.vin;
    return vehicles.sendingVin(vehicle.id, () => deps.platformB.registerVehicle({ ...common, vin }));
  }

  /**
   * Registrations under way, by vehicle and platform: a second POST that arrives while the first
   * waits for the platform waits for it too, then answers from the stored state (200), so parallel
   * repeats give one 201 and the rest 200 (spec §3), not a 201 each.
   */
  const inFlight = new Map<string, Promise<RegistrationRow>>();

  /** 201 when the registration started now, 200 when the vehicle was already on the platform. */
  async function register(tenantId: string, vehicleId: string, platform: Platform): Promise<{ created: boolean; registration: Registration }> {
    const vehicle = vehicles.requireRow(tenantId, vehicleId);
    const current = stored(vehicleId, platform);
    if (ON_PLATFORM.has(current.status)) return { created: false, registration: toRegistration(current) };
    const key = `${vehicleId}:${platform}`;
    const running = inFlight.get(key);
    if (running) {
      // If the first attempt failed (e.g. 503), this one tries again itself.
      await running.catch(() => undefined);
      return register(tenantId, vehicleId, platform);
    }
    const attempt = registerOnPlatform(vehicle, platform).then((result) => writer.apply(vehicle, result.registration, now(vehicle)));
    inFlight.set(key, attempt);
    try {
      return { created: true, registration: toRegistration(await attempt) };
    } finally {
      inFlight.delete(key);
    }
  }

  function list(tenantId: string, vehicleId: string): Registration[] {
    return vehicles.get(tenantId, vehicleId).registrations;
  }

  function get(tenantId: string, vehicleId: string, platform: Platform): Registration {
    vehicles.requireRow(tenantId, vehicleId);
    return toRegistration(stored(vehicleId, platform));
  }

  /** Asks platform_a now and persists its answer (contract §3: `none` → 409, platform_b → 422 CONFLICT). */
  async function refresh(tenantId: string, vehicleId: string, platform: Platform): Promise<Registration> {
    const vehicle = vehicles.requireRow(tenantId, vehicleId);
    if (platform === 'platform_b') {
      throw unprocessable('CONFLICT', 'platform_b registra al instante: no hay nada que actualizar.');
    }
    const current = stored(vehicleId, platform);
    if (current.status === 'none') throw conflict('El vehículo no está registrado en platform_a.');
    return toRegistration(await syncOne(vehicle, current));
  }

  async function syncOne(vehicle: VehicleRow, current: RegistrationRow): Promise<RegistrationRow> {
    const live = await deps.platformA.getVehicle(vehicle.id);
    if (!live) throw conflict('platform_a ya no conoce este vehículo.');
    return store(vehicle, current, live);
  }

  function store(vehicle: VehicleRow, current: RegistrationRow, live: PlatformRegistration): RegistrationRow {
    if (sameAsStored(current, live)) return current;
    return writer.apply(vehicle, live, now(vehicle));
  }

  /**
   * Stores what the platform answered a call made on it (the simulators' reviewers deciding, in a
   * fixture), as a refresh stores what it reads, without asking again for the same record.
   */
  function record(tenantId: string, vehicleId: string, live: PlatformRegistration): Registration {
    const vehicle = vehicles.requireRow(tenantId, vehicleId);
    return toRegistration(store(vehicle, stored(vehicleId, live.platform), live));
  }

  /**
   * Background sync: every platform_a registration still under review, across tenants (sync-each.ts:
   * one vehicle the platform refuses to describe does not starve the others; an outage ends the pass).
   * Answers the worlds whose reads failed, for the runner to say and to read again.
   */
  async function syncPending(tenantId?: string, reading?: WorldReading): Promise<WorldFailure[]> {
    const pending = writer.registrations.withStatus('platform_a', 'pending', tenantId)
      .map((row) => ({ row, vehicle: vehicles.store.getById(row.vehicle_id) }));
    const worldOf = ({ vehicle }: (typeof pending)[number]) => vehicle?.tenant_id;
    // Across tenants world by world when the sync runner takes each world's read in turn.
    if (tenantId === undefined && reading) return syncWorldByWorld(worldsIn(pending, worldOf), (world) => syncPending(world), reading);
    return syncEach(pending, worldOf, ({ row, vehicle }) => syncOne(vehicle!, row));
  }

  const requireVehicle = (tenantId: string, vehicleId: string): void => void vehicles.requireRow(tenantId, vehicleId);

  return { register, list, get, refresh, record, syncPending, requireVehicle, writer };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
