import type { Db } from '../db/open.ts';
import type { Clocks } from '../lib/clocks.ts';
import type { IdGenerator } from '../lib/ids.ts';
import { resolveColor } from '../catalog/colors.ts';
import { findCity } from '../catalog/cities.ts';
import { AppError, conflict, notFound, validation } from '../errors.ts';
import { uniqueViolation } from '../db/sqlite-errors.ts';
import { createRegistrationStore } from '../registrations/store.ts';
import type { Page } from '../db/keyset.ts';
import { createVehicleStore, plateKey, type VehicleFilters, type VehicleRow } from './store.ts';
import { toVehicle, type Vehicle } from './view.ts';
import type { CreateVehicle, PatchVehicle } from './schema.ts';
import type { TransitionRecording } from '../coverage/service.ts';

export interface VehicleDeps {
  db: Db;
  clocks: Clocks;
  ids: IdGenerator;
}

/** Registration states in which platform_a holds the vehicle's record, colour included. */
const COLOR_LOCKING_STATES = new Set(['pending', 'approved', 'rejected']);

function colorOrThrow(input: { color?: string; colorId?: number }): number {
  const result = resolveColor(input);
  if (!result.ok) {
    const { field, message, allowed } = result;
    throw validation(message, [{ field, message, ...(allowed ? { allowed } : {}) }]);
  }
  return result.color.id;
}

/**
 * A name alone that also denotes the current colour (a generic "gris" for a "Gris oscuro" vehicle)
 * keeps it: rule 2 lets a generic name match either variant, so it is not a change of colour.
 */
function colorForPatch(input: { color?: string; colorId?: number }, currentId: number): number {
  if (input.color !== undefined && input.colorId === undefined && resolveColor({ color: input.color, colorId: currentId }).ok) {
    return currentId;
  }
  return colorOrThrow(input);
}

/** A city the catalog knows is stored under its canonical name ("cdmx" → "Ciudad de México"). */
const canonicalCity = (city: string | undefined) => (city === undefined ? null : (findCity(city)?.name ?? city));

/** The unique column a write broke, if it is the plate's or the VIN's. */
const duplicateOf = (err: unknown): 'plate' | 'vin' | null => {
  const column = uniqueViolation(err);
  return column === 'vehicles.plate_key' ? 'plate' : column === 'vehicles.vin' ? 'vin' : null;
};

/** Who already holds a row's unique values: the vehicle with its plate (as stored), the one with its VIN. */
interface Clashes {
  plate: { id: string; plate: string } | null;
  vin: { id: string; vin: string } | null;
}

const plateDetail = (plate: string) => ({ field: 'plate', message: `Placa duplicada: la misma que ${plate} (sin contar espacios, guiones ni mayúsculas)` });
const VIN_DETAIL = { field: 'vin', message: 'VIN duplicado' };

/** 409 naming every clashing field (spec §4 rule 6): naming one, a client fixed it only to meet the other. */
function duplicateError({ plate, vin }: Clashes): AppError {
  if (plate && vin) {
    const whom = plate.id === vin.id ? `con la placa ${plate.plate} y el VIN ${vin.vin}` : `con la placa ${plate.plate}, y otro con el VIN ${vin.vin}`;
    return conflict(`Ya existe un vehículo ${whom}.`, [plateDetail(plate.plate), VIN_DETAIL]);
  }
  if (plate) return conflict(`Ya existe un vehículo con la placa ${plate.plate}.`, [plateDetail(plate.plate)]);
  return conflict(`Ya existe un vehículo con el VIN ${vin!.vin}.`, [VIN_DETAIL]);
}

/** `coverage` counts the status transitions (server/services.ts builds it once). */
export function createVehicleService(deps: VehicleDeps, { coverage }: { coverage: TransitionRecording }) {
  const vehicles = createVehicleStore(deps.db);
  const registrations = createRegistrationStore(deps.db);

  function present(rows: VehicleRow[]): Vehicle[] {
    const ids = rows.map((r) => r.id);
    const regs = registrations.forVehicles(ids);
    const drivers = vehicles.activeDriverIds(ids);
    return rows.map((r) => toVehicle(r, regs.get(r.id) ?? [], drivers.get(r.id) ?? null));
  }

  function requireRow(tenantId: string, id: string): VehicleRow {
    const row = vehicles.get(tenantId, id);
    if (!row) throw notFound('El vehículo');
    return row;
  }

  function create(tenantId: string, input: CreateVehicle): Vehicle {
    const colorId = colorOrThrow(input);
    const now = deps.clocks.forTenant(tenantId).now().toISOString();
    const plate = input.plate.toUpperCase();
    const row: VehicleRow = {
      id: deps.ids.inWorld(tenantId),
      tenant_id: tenantId,
      plate,
      plate_key: plateKey(plate),
      brand: input.brand,
      model: input.model,
      year: input.year,
      color_id: colorId,
      city: canonicalCity(input.city ?? undefined),
      vin: input.vin ?? null,
      status: 'activo',
      status_before_pending: null,
      platforms: JSON.stringify([...new Set(input.platforms ?? ['platform_a'])]),
      notes: null,
      created_at: now,
      updated_at: now,
    };
    try {
      deps.db.transaction(() => {
        vehicles.insert(row);
        registrations.createInitial(row.id, now);
      })();
    } catch (err) {
      const column = duplicateOf(err);
      if (column === null) throw err;
      const holders = vehicles.holdersOf(row.plate_key, row.vin);
      const plateHolder = holders.find((h) => h.plate_key === row.plate_key);
      const vinHolder = row.vin === null ? undefined : holders.find((h) => h.vin === row.vin);
      // Gone by the time they are read (the CLI writes the same file): the value the violation named.
      const clashes = plateHolder || vinHolder
        ? { plate: plateHolder ?? null, vin: vinHolder ? { id: vinHolder.id, vin: row.vin! } : null }
        : column === 'vin' ? { plate: null, vin: { id: '', vin: row.vin! } } : { plate: { id: '', plate }, vin: null };
      throw duplicateError(clashes);
    }
    return present([row])[0];
  }

  function get(tenantId: string, id: string): Vehicle {
    const whole = vehicles.whole(tenantId, id);
    if (!whole) throw notFound('El vehículo');
    return toVehicle(whole.row, whole.registrations, whole.assignedDriverId);
  }

  function list(tenantId: string, filters: VehicleFilters, limit: number, startingAfter?: string): Page<Vehicle> {
    const { rows, hasMore } = vehicles.list(tenantId, filters, limit, startingAfter);
    return { data: present(rows), hasMore };
  }

  function patch(tenantId: string, id: string, input: PatchVehicle): Vehicle {
    const current = requireRow(tenantId, id);
    const next: VehicleRow = { ...current, updated_at: deps.clocks.forTenant(tenantId).now().toISOString() };
    if (input.color !== undefined || input.colorId !== undefined) next.color_id = colorForPatch(input, current.color_id);
    if (next.color_id !== current.color_id) assertColorUnlocked(id);
    if (input.city !== undefined) next.city = canonicalCity(input.city);
    if (input.vin !== undefined) next.vin = input.vin;
    if (next.vin !== current.vin) assertVinUnlocked(id);
    if (input.notes !== undefined) next.notes = input.notes;
    if (input.status !== undefined) {
      // While a review runs the status shows pending_platform_a; the choice applies when it ends.
      if (current.status === 'pending_platform_a') next.status_before_pending = input.status;
      else next.status = input.status;
    }
    try {
      deps.db.transaction(() => {
        vehicles.update(next);
        coverage.record(tenantId, 'vehicle.status', current.status, next.status);
      })();
    } catch (err) {
      // The plate cannot change here: only the VIN can clash.
      if (duplicateOf(err) === null) throw err;
      throw duplicateError({ plate: null, vin: { id: '', vin: next.vin! } });
    }
    return present([next])[0];
  }

  function assertColorUnlocked(vehicleId: string): void {
    const reg = registrations.get(vehicleId, 'platform_a');
    if (reg && COLOR_LOCKING_STATES.has(reg.status)) {
      throw new AppError('VEHICLE_COLOR_LOCKED', undefined, [{ field: 'color', message: 'Color bloqueado por platform_a' }]);
    }
  }

  /**
   * platform_b registered the vehicle by plate and VIN and keeps both (it refuses a VIN another of its
   * vehicles holds): changed or cleared here alone, the old VIN stayed taken there, and another
   * world's vehicle given it could not register. Locked as whatsapp is once platform_a knows it.
   */
  function assertVinUnlocked(vehicleId: string): void {
    if (registrations.get(vehicleId, 'platform_b')?.status !== 'registered' && !vinOnItsWay.has(vehicleId)) return;
    throw conflict('El VIN no puede cambiar mientras el vehículo está en platform_b (registrado o registrándose): la plataforma lo guarda con ese VIN.', [
      { field: 'vin', message: 'VIN bloqueado por platform_b' },
    ]);
  }

  // Vehicles whose platform_b registration is under way: their VIN is on its way there, locked as once registered.
  const vinOnItsWay = new Set<string>();
  /** Runs a platform_b registration's call with the vehicle's VIN locked meanwhile (assertVinUnlocked). */
  async function sendingVin<T>(vehicleId: string, send: () => Promise<T>): Promise<T> {
    vinOnItsWay.add(vehicleId);
    try {
      return await send();
    } finally {
      vinOnItsWay.delete(vehicleId);
    }
  }

  return { create, get, list, patch, present, requireRow, sendingVin, store: vehicles };
}

export type VehicleService = ReturnType<typeof createVehicleService>;
