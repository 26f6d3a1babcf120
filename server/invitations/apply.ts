import type { Db } from '../db/open.ts';
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

/**
 * Persists what platform_a says of a driver's invitation (after a POST, a refresh, a DELETE or the
 * background sync). The stored row is overwritten with the live state, acceptedAt included: once the
 * platform forgets the driver (`none`), the whatsapp lock (which exists because the platform knows
 * the driver by that number) lifts with it, and the bindings the platform dropped go back to awaiting.
 */
export function createInvitationWriter(db: Db) {
  const invitations = createInvitationStore(db);
  const bindings = createBindingStore(db);

  const apply = db.transaction((current: InvitationRow, live: LiveState, at: string): InvitationRow => {
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
  });

  return { apply, invitations };
}
