import type { Db } from '../db/open.ts';

export interface DocumentRow {
  id: string;
  tenant_id: string;
  vehicle_id: string;
  type: string;
  status: 'submitted' | 'failed';
  content_type: string;
  size_bytes: number | null;
  submitted_at: string;
  platform_ref: string | null;
}

export interface Document {
  id: string;
  vehicleId: string;
  type: string;
  status: 'submitted' | 'failed';
  contentType: string;
  sizeBytes: number | null;
  submittedAt: string;
}

export const toDocument = (r: DocumentRow): Document => ({
  id: r.id,
  vehicleId: r.vehicle_id,
  type: r.type,
  status: r.status,
  contentType: r.content_type,
  sizeBytes: r.size_bytes,
  submittedAt: r.submitted_at,
});

export function createDocumentStore(db: Db) {
  const insert = db.prepare(`INSERT INTO documents (id, tenant_id, vehicle_id, type, status, content_type, size_bytes, submitted_at, platform_ref)
    VALUES (@id, @tenant_id, @vehicle_id, @type, @status, @content_type, @size_bytes, @submitted_at, @platform_ref)`);
  const forVehicle = db.prepare('SELECT * FROM documents WHERE vehicle_id = ? ORDER BY submitted_at DESC, id DESC');
  return {
    insert: (row: DocumentRow) => void insert.run(row),
    /** The whole history, newest first (contract §3); a card is uploaded a handful of times at most. */
    forVehicle: (vehicleId: string) => forVehicle.all(vehicleId) as DocumentRow[],
  };
}
