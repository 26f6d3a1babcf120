import { findCity } from '../catalog/cities.ts';
import { canonicalWhatsapp, whatsappKey } from '../catalog/phone.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { uniqueViolation } from '../db/sqlite-errors.ts';
import type { Page } from '../db/keyset.ts';
import type { AssignmentDeps, AssignmentService, Opened } from '../assignments/service.ts';
import { createInvitationStore, hasAccepted } from '../invitations/store.ts';
import { createDriverStore, type DriverFilters, type DriverRow } from './store.ts';
import { toDriver, type Driver } from './view.ts';
import type { CreateDriver, PatchDriver } from './schema.ts';
import type { InvitationService } from '../invitations/service.ts';

/** The platform clients are there for the assignment a driver may be created with (vehicleId). */
export type DriverDeps = AssignmentDeps;

/** A city the catalog knows is stored under its canonical name, as vehicles do ("cdmx" → "Ciudad de México"). */
const canonicalCity = (city: string) => findCity(city)?.name ?? city;

const invalidPhone = () => new AppError('INVALID_PHONE', undefined, [{ field: 'whatsapp', message: 'Número no válido' }]);

/** Routes check the pattern in the schema; this guards callers that skip it (CLI, batches). */
function keyOf(whatsapp: string): string {
  const key = whatsappKey(whatsapp);
  if (key === null) throw invalidPhone();
  return key;
}

/** The stored pair: the canonical number that is shown and the key that is unique. */
function phoneOf(whatsapp: string): { whatsapp: string; whatsapp_key: string } {
  const canonical = canonicalWhatsapp(whatsapp);
  if (canonical === null) throw invalidPhone();
  return { whatsapp: canonical, whatsapp_key: keyOf(whatsapp) };
}

function duplicateError(err: unknown, whatsapp: string): AppError | null {
  if (uniqueViolation(err) !== 'drivers.whatsapp_key') return null;
  return conflict(`Ya existe un conductor con el WhatsApp ${whatsapp}.`, [{ field: 'whatsapp', message: 'WhatsApp duplicado' }]);
}

/**
 * `assignments` is the one assignment service of server/services.ts (a driver may open one);
 * `invitations` reads platform_a's live invitation before a whatsapp change (patch).
 */
export function createDriverService(deps: DriverDeps, { assignments, invitations: invitationService }: {
  assignments: AssignmentService;
  invitations: Pick<InvitationService, 'refresh'>;
}) {
  const drivers = createDriverStore(deps.db);
  const invitations = createInvitationStore(deps.db);

  function present(rows: DriverRow[]): Driver[] {
    const ids = rows.map((r) => r.id);
    const invs = invitations.forDrivers(ids);
    const vehicles = drivers.activeVehicleIds(ids);
    return rows.map((r) => toDriver(r, invs.get(r.id) ?? [], vehicles.get(r.id) ?? null));
  }

  function requireRow(tenantId: string, id: string): DriverRow {
    const row = drivers.get(tenantId, id);
    if (!row) throw notFound('El conductor');
    return row;
  }

  /**
   * The driver, its two invitations and the optional assignment commit together or not at all; the
   * assignment's platform bindings follow the commit, as for POST /v1/assignments.
   */
  async function create(tenantId: string, input: CreateDriver): Promise<Driver> {
    const now = deps.clocks.forTenant(tenantId).now().toISOString();
    const row: DriverRow = {
      id: deps.ids.inWorld(tenantId),
      tenant_id: tenantId,
      name: input.name,
      ...phoneOf(input.whatsapp),
      email: input.email ?? null,
      city: canonicalCity(input.city),
      license: input.license ?? null,
      created_at: now,
      updated_at: now,
    };
    let opened: Opened | undefined;
    try {
      deps.db.transaction(() => {
        drivers.insert(row);
        invitations.insertInitial(row.id, now);
        if (input.vehicleId !== undefined) opened = assignments.open(tenantId, input.vehicleId, row.id);
      })();
    } catch (err) {
      throw duplicateError(err, row.whatsapp) ?? err;
    }
    if (opened) await assignments.bindings.afterOpen(opened.row, opened.ended);
    return present([row])[0];
  }

  function get(tenantId: string, id: string): Driver {
    return present([requireRow(tenantId, id)])[0];
  }

  function list(tenantId: string, filters: { whatsapp?: string }, limit: number, startingAfter?: string): Page<Driver> {
    const storeFilters: DriverFilters = filters.whatsapp === undefined ? {} : { whatsappKey: keyOf(filters.whatsapp) };
    const { rows, hasMore } = drivers.list(tenantId, storeFilters, limit, startingAfter);
    return { data: present(rows), hasMore };
  }

  async function patch(tenantId: string, id: string, input: PatchDriver): Promise<Driver> {
    if (input.whatsapp !== undefined && keyOf(input.whatsapp) !== requireRow(tenantId, id).whatsapp_key) await learnAcceptance(tenantId, id);
    const current = requireRow(tenantId, id);
    const next: DriverRow = { ...current, updated_at: deps.clocks.forTenant(tenantId).now().toISOString() };
    if (input.name !== undefined) next.name = input.name;
    if (input.city !== undefined) next.city = canonicalCity(input.city);
    if (input.email !== undefined) next.email = input.email;
    if (input.license !== undefined) next.license = input.license;
    if (input.whatsapp !== undefined) {
      Object.assign(next, phoneOf(input.whatsapp));
      if (next.whatsapp_key !== current.whatsapp_key) assertWhatsappUnlocked(id);
    }
    try {
      drivers.update(next);
    } catch (err) {
      throw duplicateError(err, next.whatsapp) ?? err;
    }
    return present([next])[0];
  }

  /**
   * The driver accepts in platform_a's app, which the API learns at its next read (refresh, sync): an
   * invitation stored as `invited` is read now, so a number changed right after the acceptance meets
   * the lock (spec §3) instead of the read before it. When platform_a cannot answer, what is stored
   * decides, as it would have without the read (docs/decisions.md).
   */
  async function learnAcceptance(tenantId: string, driverId: string): Promise<void> {
    if (invitations.get(driverId, 'platform_a')?.status !== 'invited') return;
    // The platform down or faulted (an AppError the API would answer); anything else is a fault of ours.
    await invitationService.refresh(tenantId, driverId, 'platform_a').catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }

  /** platform_a knows the driver by this number once accepted; changing it here would orphan the binding. */
  function assertWhatsappUnlocked(driverId: string): void {
    if (!hasAccepted(invitations.get(driverId, 'platform_a'))) return;
    throw conflict('El WhatsApp no puede cambiar después de que el conductor aceptó la invitación de platform_a.', [
      { field: 'whatsapp', message: 'WhatsApp bloqueado por platform_a' },
    ]);
  }

  return { create, get, list, patch, present, requireRow, store: drivers, invitations };
}

export type DriverService = ReturnType<typeof createDriverService>;
