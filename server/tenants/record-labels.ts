import type { Db } from '../db/open.ts';

export interface RecordLabel {
  tenantId: string;
  tenantName: string;
  /** The vehicle's plate or the driver's name: what a person recognises a record by. */
  label: string;
}

/**
 * Whose a platform record is, and what to call it. The platforms know records by the API's ids only;
 * the tenant, the plate and the name are the API's knowledge. Unknown ids (a tenant since deleted)
 * have no label.
 */
export function createRecordLabels(db: Db) {
  const vehicle = db.prepare(`SELECT v.plate AS label, t.id AS tenantId, t.name AS tenantName
    FROM vehicles v JOIN tenants t ON t.id = v.tenant_id WHERE v.id = ?`);
  const driver = db.prepare(`SELECT d.name AS label, t.id AS tenantId, t.name AS tenantName
    FROM drivers d JOIN tenants t ON t.id = d.tenant_id WHERE d.id = ?`);
  return {
    vehicle: (id: string) => (vehicle.get(id) as RecordLabel | undefined) ?? null,
    driver: (id: string) => (driver.get(id) as RecordLabel | undefined) ?? null,
  };
}

export type RecordLabels = ReturnType<typeof createRecordLabels>;
