import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import { PLATFORMS } from '../common/schemas.ts';
import { cachedPrepare } from '../db/statements.ts';

export type RegistrationStatus = 'none' | 'pending' | 'approved' | 'rejected' | 'registered' | 'removed';

export interface RegistrationRow {
  vehicle_id: string;
  platform: Platform;
  status: RegistrationStatus;
  documents_required: number;
  doc_status: 'not_submitted' | 'submitted' | null;
  doc_review_status: 'pending' | 'approved' | 'rejected' | null;
  registered_at: string | null;
  approved_at: string | null;
  platform_ref: string | null;
  updated_at: string;
}

export interface Registration {
  platform: Platform;
  status: RegistrationStatus;
  documentsRequired: boolean;
  docStatus: RegistrationRow['doc_status'];
  docReviewStatus: RegistrationRow['doc_review_status'];
  registeredAt: string | null;
  approvedAt: string | null;
}

export const toRegistration = (r: RegistrationRow): Registration => ({
  platform: r.platform,
  status: r.status,
  documentsRequired: r.documents_required === 1,
  docStatus: r.doc_status,
  docReviewStatus: r.doc_review_status,
  registeredAt: r.registered_at,
  approvedAt: r.approved_at,
});

export function createRegistrationStore(db: Db) {
  const insert = db.prepare(`INSERT INTO vehicle_registrations (vehicle_id, platform, status, updated_at) VALUES (?, ?, 'none', ?)`);
  const get = db.prepare('SELECT * FROM vehicle_registrations WHERE vehicle_id = ? AND platform = ?');
  const update = db.prepare(`UPDATE vehicle_registrations SET status = @status, documents_required = @documents_required,
    doc_status = @doc_status, doc_review_status = @doc_review_status, registered_at = @registered_at,
    approved_at = @approved_at, platform_ref = @platform_ref, updated_at = @updated_at
    WHERE vehicle_id = @vehicle_id AND platform = @platform`);
  const byStatus = db.prepare('SELECT * FROM vehicle_registrations WHERE platform = ? AND status = ? ORDER BY vehicle_id');
  const byStatusOf = db.prepare(`SELECT r.* FROM vehicles v JOIN vehicle_registrations r ON r.vehicle_id = v.id
    WHERE r.platform = ? AND r.status = ? AND v.tenant_id = ? ORDER BY r.vehicle_id`);

  return {
    /** Every vehicle has exactly two registrations, both `none` at creation (contract §3). */
    createInitial(vehicleId: string, at: string): void {
      for (const platform of PLATFORMS) insert.run(vehicleId, platform, at);
    },
    get: (vehicleId: string, platform: Platform) => get.get(vehicleId, platform) as RegistrationRow | undefined,
    update: (row: RegistrationRow) => void update.run(row),
    /** Across tenants, or one tenant's. */
    withStatus: (platform: Platform, status: RegistrationStatus, tenantId?: string) =>
      (tenantId === undefined ? byStatus.all(platform, status) : byStatusOf.all(platform, status, tenantId)) as RegistrationRow[],
    forVehicles(vehicleIds: string[]): Map<string, RegistrationRow[]> {
      const out = new Map<string, RegistrationRow[]>();
      if (vehicleIds.length === 0) return out;
      const sql = `SELECT * FROM vehicle_registrations WHERE vehicle_id IN (${vehicleIds.map(() => '?').join(',')}) ORDER BY vehicle_id, platform`;
      const rows = cachedPrepare(db, sql).all(...vehicleIds) as RegistrationRow[];
      for (const row of rows) out.set(row.vehicle_id, [...(out.get(row.vehicle_id) ?? []), row]);
      return out;
    },
  };
}

export type RegistrationStore = ReturnType<typeof createRegistrationStore>;
