import { z } from 'zod';
import type { SimDb } from '../db.ts';
import { SimError } from '../common/sim-error.ts';
import type { PlatformAState } from './state.ts';
import { driverJson, vehicleJson } from './store.ts';

/** Per list: a fixture's largest world (server/fixtures/schema.ts) in one call, and a body well under the control surface's 100 kB. */
export const MAX_DECISIONS = 500;

const Verdict = z.enum(['approved', 'rejected']);
/** The card verdict defaults to approved: a rejected vehicle is then rejected for itself, not its card. */
export const ReviewDecision = z.object({ verdict: Verdict, card: Verdict.default('approved') });

// Strict: in a list, a misspelt field would otherwise be an action silently not taken.
const VehicleDecision = z.strictObject({ externalId: z.string().min(1), ...ReviewDecision.shape });
const DriverDecision = z
  .strictObject({
    externalId: z.string().min(1),
    answer: z.enum(['accept', 'decline']).optional(),
    approveReview: z.literal(true).optional(),
  })
  .refine((d) => d.answer !== undefined || d.approveReview === true, { message: 'Give answer, approveReview or both.' });

export const Decisions = z
  .strictObject({
    vehicles: z.array(VehicleDecision).max(MAX_DECISIONS).default([]),
    drivers: z.array(DriverDecision).max(MAX_DECISIONS).default([]),
  }, { error: (issue) => issue.code === 'unrecognized_keys' ? `Unrecognized key: ${issue.keys.join(', ')}; use vehicles and drivers.` : 'The body must be an object.' })
  .refine((b) => b.vehicles.length + b.drivers.length > 0, { message: 'Nothing to decide: give vehicles, drivers or both.' });
export type Decisions = z.infer<typeof Decisions>;

type List = 'vehicles' | 'drivers';

/** A refusal names its item: which list, where in it, which record. */
function named<T>(list: List, index: number, externalId: string, act: () => T): T {
  try {
    return act();
  } catch (err) {
    if (!(err instanceof SimError)) throw err;
    throw new SimError(err.status, err.code, `${list}[${index}] '${externalId}': ${err.message}`, { item: { list, index, externalId } });
  }
}

/**
 * Many of the single control actions in one call (what a fixture's reviewers and drivers do):
 * each item runs the very state transition its single endpoint runs, in list order, vehicles
 * first, a driver's answer before its review. One transaction: the first item refused (404, 409)
 * undoes every item before it, so a refused batch changed nothing. Answers each resulting record as
 * the single endpoint does (a driver's two steps each as it stood after that step; null: not asked).
 */
export function createDecisions(state: PlatformAState, db: SimDb) {
  return db.transaction((body: Decisions) => ({
    vehicles: body.vehicles.map(({ externalId, ...decision }, i) =>
      ({ vehicle: vehicleJson(named('vehicles', i, externalId, () => state.decideReview(externalId, decision))) })),
    drivers: body.drivers.map(({ externalId, answer, approveReview }, i) => named('drivers', i, externalId, () => ({
      answered: answer ? driverJson(state.answerInvitation(externalId, answer)) : null,
      reviewed: approveReview ? driverJson(state.approveDriverReview(externalId)) : null,
    }))),
  }));
}
