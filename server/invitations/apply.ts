import type { Db } from '../db/open.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import { createBindingStore } from '../bindings/store.ts';
import { createInvitationStore, type InvitationRow } from './store.ts';
import type { PlatformInvitation } from '../platforms/types.ts';

/** What platform_a says of a driver it does not know (404) or whose invitation was cancelled. */
export const NO_INVITATION = { status: 'none', reviewStatus: null, invitedAt: null, acceptedAt: null } as const;

type LiveState = Pick<PlatformInvitation, 'status' | 'reviewStatus' | 'invitedAt' | 'acceptedAt'> & { platformRef?: string };

/** True when nothing the API shows would change: saves a write per background poll. */
export function sameAsStored(stored: InvitationRow, live: LiveState): boolean {
  return (
    stored.status === live.status &&
    stored.review_status === live.reviewStatus &&
    stored.invited_at === live.invitedAt &&
    stored.accepted_at === live.acceptedAt
  );
}

/** True when no write landed between the two reads of a row (every column is the same). */
export function sameRow(a: InvitationRow, b: InvitationRow): boolean {
  return (Object.keys(a) as (keyof InvitationRow)[]).every((column) => a[column] === b[column]);
}

/**
 * Persists what platform_a says of a driver's invitation (after a POST, a refresh, a DELETE or the
 * background sync). The stored row is overwritten with the live state, acceptedAt included: once the
 * platform forgets the driver (`none`), the whatsapp lock (which exists because the platform knows
 * the driver by that number) lifts with it, and the bindings the platform dropped go back to awaiting.
 * Each change of state is counted for transition coverage in the same transaction (docs/coverage.md).
 */
export function createInvitationWriter(db: Db, coverage: TransitionRecording) {
  const invitations = createInvitationStore(db);
  const bindings = createBindingStore(db);
  const tenantOf = db.prepare('SELECT tenant_id FROM drivers WHERE id = ?').pluck();

  function write(current: InvitationRow, live: LiveState, at: string): InvitationRow {
    const row: InvitationRow = {
      ...current,
      status: live.status,
      review_status: live.reviewStatus,
      invited_at: live.invitedAt,
      accepted_at: live.acceptedAt,
      platform_ref: live.platformRef ?? current.platform_ref,
      updated_at: at,
    };
    invitations.update(row);
    if (row.status === 'none') bindings.driverDropped(row.driver_id, row.platform, at);
    return row;
  }

  const apply = (current: InvitationRow, live: LiveState, at: string): InvitationRow =>
    coverage.platformSync('driver', current.driver_id, () => {
      // The stored status, not the caller's copy: another write may have landed while the platform answered.
      const before = invitations.get(current.driver_id, current.platform)?.status ?? current.status;
      const row = write(current, live, at);
      if (row.platform === 'platform_a' && before !== row.status) {
        coverage.record(tenantOf.get(row.driver_id) as string, 'invitation.platform_a', before, row.status);
      }
      return row;
    });

  return { apply, invitations };
}
