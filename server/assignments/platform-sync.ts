import { PLATFORMS, type Platform } from '../common/schemas.ts';
import type { RegistrationRow } from '../registrations/store.ts';
import type { InvitationRow } from '../invitations/store.ts';

export type PlatformSync = 'synced' | 'awaiting' | 'pending' | 'failed';

/** States of an assignment_bindings row (migration 003). */
export type BindingState = 'synced' | 'awaiting' | 'pending' | 'failed' | 'unbinding' | 'unbound';

export interface SyncInputs {
  /** The vehicle's registrations. */
  registrations: Pick<RegistrationRow, 'platform' | 'status'>[];
  /** The driver's invitations. */
  invitations: Pick<InvitationRow, 'platform' | 'status' | 'review_status'>[];
  /** The assignment's bindings; a ready platform without one has its binding still queued. */
  bindings?: { platform: Platform; state: BindingState }[];
}

const VEHICLE_ACTIVE = new Set(['approved', 'registered']);

function vehicleActive(inputs: SyncInputs, platform: Platform): boolean {
  const reg = inputs.registrations.find((r) => r.platform === platform);
  return reg !== undefined && VEHICLE_ACTIVE.has(reg.status);
}

/** platform_b has no invitations in v1, so only platform_a asks anything of the driver. */
function driverActive(inputs: SyncInputs, platform: Platform): boolean {
  if (platform !== 'platform_a') return true;
  const inv = inputs.invitations.find((i) => i.platform === platform);
  return inv?.status === 'bound' && inv.review_status === 'approved';
}

/** Platforms on which both the vehicle and the driver are active, so a binding is due there. */
export function readyPlatforms(inputs: SyncInputs): Platform[] {
  return PLATFORMS.filter((p) => vehicleActive(inputs, p) && driverActive(inputs, p));
}

/** Bindings that need no further call while the assignment stays active. */
export const SETTLED: ReadonlySet<BindingState> = new Set(['synced', 'failed']);

/**
 * A ready platform without a row, or with one still being bound (or wrongly left in an unbind
 * state), has its binding queued: `pending`. `awaiting` is the platform's own "not ready yet".
 */
function bindingSync(inputs: SyncInputs, platform: Platform): PlatformSync {
  const state = inputs.bindings?.find((b) => b.platform === platform)?.state;
  if (state === 'synced' || state === 'failed' || state === 'awaiting') return state;
  return 'pending';
}

/**
 * Contract §3: `awaiting` while no platform has both sides ready; otherwise the worst binding of the
 * ready platforms: a refusal (`failed`) outranks a queued one (`pending`), which outranks the
 * platform's own "not ready yet" (`awaiting`); `synced` needs all.
 */
export function computePlatformSync(inputs: SyncInputs): PlatformSync {
  const ready = readyPlatforms(inputs);
  if (ready.length === 0) return 'awaiting';
  const states = ready.map((p) => bindingSync(inputs, p));
  for (const worst of ['failed', 'pending', 'awaiting'] as const) if (states.includes(worst)) return worst;
  return 'synced';
}
