/**
 * Magic values, like a payment provider's test card numbers: inputs that steer the simulated
 * platforms without a control call. They are all valid for the API's own validation (plates 6..10
 * characters, the whatsapp pattern), and documented in docs/simulators.md.
 */
import type { MagicPlatePrefix, MagicWhatsappEnding } from '../../server/lib/magic-values.ts';

export type Verdict = 'approved' | 'rejected';

export interface ReviewOutcome {
  verdict: Verdict;
  card: Verdict;
}

const plateStarts = (plate: string, prefix: MagicPlatePrefix) => plate.trim().toUpperCase().startsWith(prefix);

/** platform_a's verdict when a review ends on its own: RJ… rejects the vehicle, RC… the card. */
export function defaultReviewOutcome(plate: string): ReviewOutcome {
  if (plateStarts(plate, 'RC')) return { verdict: 'rejected', card: 'rejected' };
  if (plateStarts(plate, 'RJ')) return { verdict: 'rejected', card: 'approved' };
  return { verdict: 'approved', card: 'approved' };
}

/** FB…: the platform (either one) refuses to bind any driver to this vehicle. */
export const refusesBindings = (plate: string): boolean => plateStarts(plate, 'FB');

/** RB…: platform_b rejects the registration outright. */
export const rejectedByPlatformB = (plate: string): boolean => plateStarts(plate, 'RB');

export type DriverScript = 'accept' | 'decline' | 'bound_elsewhere' | 'accept_then_suspend';

/** What a platform_a driver does on their own, by the last four digits of the whatsapp. */
export function driverScript(whatsapp: string): DriverScript | null {
  const scripts: Record<MagicWhatsappEnding, DriverScript> = {
    '0001': 'accept',
    '0002': 'decline',
    '0003': 'bound_elsewhere',
    '0004': 'accept_then_suspend',
  };
  return scripts[whatsapp.slice(-4) as MagicWhatsappEnding] ?? null;
}

/** Simulated delays of the scripted behaviour. */
export const AUTO_ANSWER_AFTER_HOURS = 1;
export const SUSPEND_AFTER_APPROVAL_HOURS = 24;
