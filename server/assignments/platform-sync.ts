import { PLATFORMS, type Platform } from '../common/schemas.ts';
import type { RegistrationRow } from '../registrations/store.ts';
import type { InvitationRow } from '../drivers/invitation-store.ts';

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

function bindingSync(inputs: SyncInputs, platform: Platform): PlatformSync {
  const state = inputs.bindings?.find((b) => b.platform === platform)?.state;
  if (state === 'synced' || state === 'failed') return state;
  return 'pending';
}

/**
 * Contract §3: `awaiting` while no platform has both sides ready; otherwise the worst binding of the
 * ready platforms: a refusal (`failed`) outranks a queued one (`pending`), and `synced` needs all.
 */
export function computePlatformSync(inputs: SyncInputs): PlatformSync {
  const ready = readyPlatforms(inputs);
  if (ready.length === 0) return 'awaiting';
  const states = ready.map((p) => bindingSync(inputs, p));
  if (states.includes('failed')) return 'failed';
  if (states.includes('pending')) return 'pending';
  return 'synced';
}
