import type { Db } from '../db/open.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import type { PlatformRegistration } from '../platforms/types.ts';
import { createVehicleStore, type VehicleRow } from '../vehicles/store.ts';
import { createRegistrationStore, type RegistrationRow } from './store.ts';

/**
 * Persists what a platform says of a vehicle (after a POST, an upload, a refresh or the background
 * sync) and keeps the vehicle status in step (contract §3): `pending_platform_a` while platform_a's
 * registration is pending, back to the status it had before when the review ends. Each change of
 * state is counted for transition coverage in the same transaction (docs/coverage.md).
 */
export function createRegistrationWriter(db: Db, coverage: TransitionRecording) {
  const registrations = createRegistrationStore(db);
  const vehicles = createVehicleStore(db);

  function vehicleStatusFor(vehicle: VehicleRow, platformAStatus: string): Pick<VehicleRow, 'status' | 'status_before_pending'> {
    const pending = platformAStatus === 'pending';
    if (pending && vehicle.status !== 'pending_platform_a') {
      return { status: 'pending_platform_a', status_before_pending: vehicle.status };
    }
    if (!pending && vehicle.status === 'pending_platform_a') {
      return { status: vehicle.status_before_pending ?? 'activo', status_before_pending: null };
    }
    return { status: vehicle.status, status_before_pending: vehicle.status_before_pending };
  }

  function write(vehicle: VehicleRow, live: PlatformRegistration, at: string): RegistrationRow {
    const before = registrations.get(vehicle.id, live.platform);
    const row: RegistrationRow = {
      vehicle_id: vehicle.id,
      platform: live.platform,
      status: live.status,
      documents_required: live.documentsRequired ? 1 : 0,
      doc_status: live.docStatus,
      doc_review_status: live.docReviewStatus,
      registered_at: live.registeredAt,
      approved_at: live.approvedAt,
      platform_ref: live.platformRef,
      updated_at: at,
    };
    registrations.update(row);
    const current = vehicles.getById(vehicle.id) ?? vehicle;
    const platforms = new Set(JSON.parse(current.platforms) as string[]).add(live.platform);
    const status = live.platform === 'platform_a' ? vehicleStatusFor(current, live.status) : current;
    vehicles.update({ ...current, ...status, platforms: JSON.stringify([...platforms]), updated_at: at });
    recordTransitions(current, before, row, status.status);
    return row;
  }

  /** One transaction: the registration row, the vehicle's status and its platforms list move together. */
  const apply = (vehicle: VehicleRow, live: PlatformRegistration, at: string): RegistrationRow =>
    coverage.platformSync('vehicle', vehicle.id, () => write(vehicle, live, at));

  function recordTransitions(vehicle: VehicleRow, before: RegistrationRow | undefined, after: RegistrationRow, status: VehicleRow['status']): void {
    const tenant = vehicle.tenant_id;
    coverage.record(tenant, `registration.${after.platform}`, before?.status ?? 'none', after.status);
    if (after.platform === 'platform_a') coverage.record(tenant, 'document.review', before?.doc_review_status ?? null, after.doc_review_status);
    coverage.record(tenant, 'vehicle.status', vehicle.status, status);
  }

  return { apply, registrations };
}

/** True when nothing the API shows would change: saves a write (and an updatedAt bump) per poll. */
export function sameAsStored(stored: RegistrationRow, live: PlatformRegistration): boolean {
  return (
    stored.status === live.status &&
    (stored.documents_required === 1) === live.documentsRequired &&
    stored.doc_status === live.docStatus &&
    stored.doc_review_status === live.docReviewStatus &&
    stored.registered_at === live.registeredAt &&
    stored.approved_at === live.approvedAt
  );
}
