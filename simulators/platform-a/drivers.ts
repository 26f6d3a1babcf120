import type { IdGenerator } from '../../server/lib/ids.ts';
import type { Bindings } from '../common/bindings.ts';
import { dueInTheirFleet, type FleetTime } from '../common/fleet-clocks.ts';
import { HOUR_MS, seededDurationMs } from '../common/seeded.ts';
import * as magic from '../common/magic.ts';
import { errors } from './errors.ts';
import type { DriverRow, PlatformAStore } from './store.ts';

export interface DriverInput {
  externalId: string;
  fleetId: string;
  name: string;
  whatsapp: string;
}

export interface DriverDeps {
  store: PlatformAStore;
  bindings: Bindings;
  seed: number;
  ids: IdGenerator;
  /** The fleet's simulated now. */
  now: (fleetId: string) => number;
  requireDriver: (externalId: string) => DriverRow;
}

/** Invitations: invited → bound | rejected; review pending → under_review → approved → suspended. */
export function createDriverTransitions({ store, bindings, seed, ids, now, requireDriver }: DriverDeps) {
  /** Inviting again returns the invitation as it stands; only a cancelled one starts over. */
  function invite(input: DriverInput): { driver: DriverRow; created: boolean } {
    const script = magic.driverScript(input.whatsapp);
    if (script === 'bound_elsewhere' || store.isBoundInAnotherFleet(input.whatsapp, input.fleetId)) {
      throw errors.boundElsewhere();
    }
    const existing = store.driver(input.externalId);
    if (existing && existing.status !== 'cancelled') return { driver: existing, created: false };
    const at = now(input.fleetId);
    const answer = script === 'decline' ? 'decline' : script ? 'accept' : null;
    const driver: DriverRow = {
      id: existing?.id ?? ids.inWorld(input.fleetId), external_id: input.externalId, fleet_id: input.fleetId, name: input.name,
      whatsapp: input.whatsapp, status: 'invited', review_status: 'pending', invited_at: at, accepted_at: null,
      answer, answer_at: answer ? at + magic.AUTO_ANSWER_AFTER_HOURS * HOUR_MS : null,
      review_ends_at: null, suspend_at: null, updated_at: at,
    };
    store.saveDriver(driver);
    return { driver, created: true };
  }

  /** Accepting binds the driver to the fleet and starts the platform's own review of the driver. */
  function applyAnswer(driver: DriverRow, answer: 'accept' | 'decline', atMs: number): DriverRow {
    const cleared = { ...driver, answer: null, answer_at: null, updated_at: atMs };
    const next: DriverRow =
      answer === 'decline'
        ? { ...cleared, status: 'rejected', review_status: 'rejected' }
        : {
            ...cleared, status: 'bound', review_status: 'under_review', accepted_at: atMs,
            review_ends_at: atMs + seededDurationMs(seed, `driver-review:${driver.id}:${atMs}`, 1, 12),
          };
    store.saveDriver(next);
    return next;
  }

  function answerInvitation(externalId: string, answer: 'accept' | 'decline'): DriverRow {
    const driver = requireDriver(externalId);
    if (driver.status !== 'invited') throw errors.invitationNotOpen(driver.status);
    return applyAnswer(driver, answer, now(driver.fleet_id));
  }

  /** Back to nothing: the API shows `none`; bindings of the driver end with it. */
  function cancelInvitation(externalId: string): DriverRow {
    const driver = requireDriver(externalId);
    if (driver.status === 'cancelled') return driver;
    const at = now(driver.fleet_id);
    bindings.endOfDriver(driver.id, at);
    const cancelled: DriverRow = {
      ...driver, status: 'cancelled', review_status: null, invited_at: null, accepted_at: null,
      answer: null, answer_at: null, review_ends_at: null, suspend_at: null, updated_at: at,
    };
    store.saveDriver(cancelled);
    return cancelled;
  }

  function endDriverReview(driver: DriverRow, atMs: number): void {
    const suspends = magic.driverScript(driver.whatsapp) === 'accept_then_suspend';
    store.saveDriver({
      ...driver, review_status: 'approved', review_ends_at: null, updated_at: atMs,
      suspend_at: suspends ? atMs + magic.SUSPEND_AFTER_APPROVAL_HOURS * HOUR_MS : null,
    });
  }

  /** The platform's reviewers approve a bound driver now, instead of at the seeded end of the review. */
  function approveReview(externalId: string): DriverRow {
    const driver = requireDriver(externalId);
    if (driver.review_status !== 'under_review') throw errors.noDriverReview(driver.review_status ?? 'none');
    endDriverReview(driver, now(driver.fleet_id));
    return requireDriver(externalId);
  }

  /** Answers first, then reviews, then suspensions: one pass covers a whole chain that fell due. */
  function runDriversDue(time: FleetTime): void {
    const due = (rows: DriverRow[], at: (d: DriverRow) => number) => dueInTheirFleet(time, rows, at);
    for (const d of due(store.answersDue(time.latestMs), (d) => d.answer_at!)) applyAnswer(d, d.answer!, d.answer_at!);
    for (const d of due(store.driverReviewsDue(time.latestMs), (d) => d.review_ends_at!)) endDriverReview(d, d.review_ends_at!);
    for (const d of due(store.suspensionsDue(time.latestMs), (d) => d.suspend_at!)) {
      store.saveDriver({ ...d, review_status: 'suspended', suspend_at: null, updated_at: d.suspend_at! });
    }
  }

  return { invite, answerInvitation, cancelInvitation, approveReview, runDriversDue };
}
