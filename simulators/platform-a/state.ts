import { sha256 } from '../../server/lib/sha256.ts';
import type { IdGenerator } from '../../server/lib/ids.ts';
import type { PlatformAVehicleInput } from '../../server/platforms/types.ts';
import type { SimDb } from '../db.ts';
import { createBindings } from '../common/bindings.ts';
import type { DueTask } from '../common/due.ts';
import { dueInTheirFleet, type FleetClocks, type FleetTime } from '../common/fleet-clocks.ts';
import { seededDurationMs } from '../common/seeded.ts';
import * as magic from '../common/magic.ts';
import { errors } from './errors.ts';
import { createBindingTransitions } from './bindings.ts';
import { createDriverTransitions } from './drivers.ts';
import { createPlatformAStore, type DriverRow, type VehicleRow } from './store.ts';

export interface PlatformADeps {
  db: SimDb;
  clocks: FleetClocks;
  seed: number;
  ids: IdGenerator;
}

/**
 * platform_a's state machines: vehicles (pending → approved | rejected, removed) reviewed after the
 * circulation card arrives, and driver invitations (invited → bound | rejected, review pending →
 * under_review → approved → suspended). Every simulated delay is a due time handled by runDue.
 * Everything happens on the clock of the record's fleet (its world).
 */
export function createPlatformAState({ db, clocks, seed, ids }: PlatformADeps) {
  const store = createPlatformAStore(db);
  const bindings = createBindings(db, 'pa', ids);
  const now = clocks.nowFor;

  function requireVehicle(externalId: string): VehicleRow {
    const vehicle = store.vehicle(externalId);
    if (!vehicle) throw errors.vehicleMissing(externalId);
    return vehicle;
  }

  function requireDriver(externalId: string): DriverRow {
    const driver = store.driver(externalId);
    if (!driver) throw errors.driverMissing(externalId);
    return driver;
  }

  /**
   * `input` is what the API's client asks for (routes.ts reads it off the wire). Same external id
   * again: the existing record, unless it was removed, which starts over.
   */
  function registerVehicle(input: PlatformAVehicleInput): { vehicle: VehicleRow; created: boolean } {
    const existing = store.vehicle(input.externalId);
    if (existing && existing.status !== 'removed') return { vehicle: existing, created: false };
    const at = now(input.fleetId);
    const vehicle: VehicleRow = {
      id: existing?.id ?? ids.inWorld(input.fleetId),
      external_id: input.externalId, fleet_id: input.fleetId, plate: input.plate, vin: input.vin,
      brand: input.brand, model: input.model, year: input.year, color: input.color, city: input.city,
      status: 'pending', card_status: 'not_submitted', card_review: null, review_ends_at: null,
      registered_at: at, approved_at: null, updated_at: at,
    };
    store.saveVehicle(vehicle);
    return { vehicle, created: true };
  }

  function removeVehicle(externalId: string): VehicleRow {
    const vehicle = requireVehicle(externalId);
    if (vehicle.status === 'removed') return vehicle;
    const at = now(vehicle.fleet_id);
    bindings.endOfVehicle(vehicle.id, at);
    const removed: VehicleRow = { ...vehicle, status: 'removed', review_ends_at: null, updated_at: at };
    store.saveVehicle(removed);
    return removed;
  }

  /** Every upload starts a new review, whatever the previous verdict; its length comes from the seed. */
  function uploadCard(externalId: string, file: { contentType: string; bytes: Buffer }) {
    const vehicle = requireVehicle(externalId);
    if (vehicle.status === 'removed') throw errors.vehicleRemoved();
    const at = now(vehicle.fleet_id);
    const document = {
      id: ids.inWorld(vehicle.fleet_id), vehicle_id: vehicle.id, content_type: file.contentType, size_bytes: file.bytes.length,
      sha256: sha256(file.bytes).toString('hex'), uploaded_at: at,
    };
    store.insertDocument(document);
    const reviewEndsAt = at + seededDurationMs(seed, `card-review:${document.id}`, 1, 24);
    const reviewing: VehicleRow = {
      ...vehicle, status: 'pending', card_status: 'submitted', card_review: 'pending', approved_at: null,
      review_ends_at: reviewEndsAt, updated_at: at,
    };
    store.saveVehicle(reviewing);
    return { vehicle: reviewing, document };
  }

  /** A rejected card always rejects the vehicle: the card is what has to be sent again. */
  function endReview(vehicle: VehicleRow, outcome: magic.ReviewOutcome, atMs: number): VehicleRow {
    const approved = outcome.verdict === 'approved' && outcome.card === 'approved';
    const ended: VehicleRow = {
      ...vehicle, status: approved ? 'approved' : 'rejected', card_review: outcome.card,
      approved_at: approved ? atMs : null, review_ends_at: null, updated_at: atMs,
    };
    store.saveVehicle(ended);
    return ended;
  }

  function decideReview(externalId: string, outcome: magic.ReviewOutcome): VehicleRow {
    const vehicle = requireVehicle(externalId);
    if (vehicle.review_ends_at === null) throw errors.noPendingReview();
    return endReview(vehicle, outcome, now(vehicle.fleet_id));
  }

  const { runDriversDue, ...invitations } = createDriverTransitions({ store, bindings, seed, ids, now, requireDriver });
  const { bindDriver, unbindDriver } = createBindingTransitions({ store, bindings, now });

  /** Reviews first: a driver's chain (answer, review, suspension) does not depend on vehicles. */
  const runDue: DueTask = {
    run(time: FleetTime): void {
      for (const v of dueInTheirFleet(time, store.reviewsDue(time.latestMs), (v) => v.review_ends_at!)) {
        endReview(v, magic.defaultReviewOutcome(v.plate), v.review_ends_at!);
      }
      runDriversDue(time);
    },
    nextDueMs: (fleetId) => store.nextDueMs(fleetId),
  };

  // Each action writes several rows (a document and its vehicle, a binding and its driver): all or none.
  const tx = db.transaction.bind(db);
  return {
    store, bindings, requireVehicle, requireDriver, runDue,
    registerVehicle: tx(registerVehicle), removeVehicle: tx(removeVehicle), uploadCard: tx(uploadCard),
    decideReview: tx(decideReview), invite: tx(invitations.invite), answerInvitation: tx(invitations.answerInvitation),
    cancelInvitation: tx(invitations.cancelInvitation), approveDriverReview: tx(invitations.approveReview), bindDriver: tx(bindDriver), unbindDriver: tx(unbindDriver),
  };
}

export type { DriverInput } from './drivers.ts';
export type PlatformAState = ReturnType<typeof createPlatformAState>;
