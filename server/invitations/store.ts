import type { Db } from '../db/open.ts';
import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { cachedPrepare } from '../db/statements.ts';

export type InvitationStatus = 'none' | 'invited' | 'bound' | 'rejected';
export type InvitationReviewStatus = 'pending' | 'under_review' | 'approved' | 'rejected' | 'suspended';

export interface InvitationRow {
  driver_id: string;
  platform: Platform;
  status: InvitationStatus;
  review_status: InvitationReviewStatus | null;
  invited_at: string | null;
  accepted_at: string | null;
  platform_ref: string | null;
  updated_at: string;
}

export interface Invitation {
  platform: Platform;
  status: InvitationStatus;
  reviewStatus: InvitationReviewStatus | null;
  invitedAt: string | null;
  acceptedAt: string | null;
}

export const toInvitation = (r: InvitationRow): Invitation => ({
  platform: r.platform,
  status: r.status,
  reviewStatus: r.review_status,
  invitedAt: r.invited_at,
  acceptedAt: r.accepted_at,
});

/** The spec locks whatsapp once the driver has accepted an invitation; accepted_at records that. */
export const hasAccepted = (r: InvitationRow | undefined): boolean => r?.accepted_at != null;

export function createInvitationStore(db: Db) {
  const insert = db.prepare(`INSERT INTO driver_invitations (driver_id, platform, status, updated_at) VALUES (?, ?, 'none', ?)`);
  const get = db.prepare('SELECT * FROM driver_invitations WHERE driver_id = ? AND platform = ?');
  // platform_a can still move these: an open invitation, or a bound driver whose review may end or be suspended.
  const moving = db.prepare(`SELECT * FROM driver_invitations WHERE platform = 'platform_a' AND (status = 'invited'
    OR (status = 'bound' AND (review_status IS NULL OR review_status IN ('pending', 'under_review', 'approved'))))
    ORDER BY driver_id`);
  const movingOf = db.prepare(`SELECT i.* FROM drivers d JOIN driver_invitations i ON i.driver_id = d.id
    WHERE d.tenant_id = ? AND i.platform = 'platform_a' AND (i.status = 'invited'
    OR (i.status = 'bound' AND (i.review_status IS NULL OR i.review_status IN ('pending', 'under_review', 'approved'))))
    ORDER BY i.driver_id`);
  const update = db.prepare(`UPDATE driver_invitations SET status = @status, review_status = @review_status,
    invited_at = @invited_at, accepted_at = @accepted_at, platform_ref = @platform_ref, updated_at = @updated_at
    WHERE driver_id = @driver_id AND platform = @platform`);

  return {
    /** Every driver has exactly two invitations, one per platform, both `none` at creation. */
    insertInitial(driverId: string, at: string): void {
      for (const platform of PLATFORMS) insert.run(driverId, platform, at);
    },
    get: (driverId: string, platform: Platform) => get.get(driverId, platform) as InvitationRow | undefined,
    update: (row: InvitationRow) => void update.run(row),
    /** Across tenants (the background sync), or one tenant's (an advance of its clock). */
    stillMoving: (tenantId?: string) => (tenantId === undefined ? moving.all() : movingOf.all(tenantId)) as InvitationRow[],
    /** Rows per driver, platform_a before platform_b. */
    forDrivers(driverIds: string[]): Map<string, InvitationRow[]> {
      const out = new Map<string, InvitationRow[]>();
      if (driverIds.length === 0) return out;
      const sql = `SELECT * FROM driver_invitations WHERE driver_id IN (${driverIds.map(() => '?').join(',')}) ORDER BY platform`;
      const rows = cachedPrepare(db, sql).all(...driverIds) as InvitationRow[];
      for (const row of rows) out.set(row.driver_id, [...(out.get(row.driver_id) ?? []), row]);
      return out;
    },
  };
}

export type InvitationStore = ReturnType<typeof createInvitationStore>;
