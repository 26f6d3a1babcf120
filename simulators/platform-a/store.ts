import type { SimDb } from '../db.ts';
import { upsertStatement } from '../common/sql.ts';
import type { BindingRow } from '../common/bindings.ts';
import { iso, isoOrNull } from '../common/seeded.ts';

export type VehicleStatus = 'pending' | 'approved' | 'rejected' | 'removed';
export type CardReview = 'pending' | 'approved' | 'rejected';
export type DriverStatus = 'invited' | 'bound' | 'rejected' | 'cancelled';
export type DriverReview = 'pending' | 'under_review' | 'approved' | 'rejected' | 'suspended';

export interface VehicleRow {
  id: string;
  external_id: string;
  fleet_id: string;
  plate: string;
  vin: string | null;
  brand: string;
  model: string;
  year: number;
  color: string;
  city: string;
  status: VehicleStatus;
  card_status: 'not_submitted' | 'submitted';
  card_review: CardReview | null;
  review_ends_at: number | null;
  registered_at: number;
  approved_at: number | null;
  updated_at: number;
}

export interface DriverRow {
  id: string;
  external_id: string;
  fleet_id: string;
  name: string;
  whatsapp: string;
  status: DriverStatus;
  review_status: DriverReview | null;
  invited_at: number | null;
  accepted_at: number | null;
  answer: 'accept' | 'decline' | null;
  answer_at: number | null;
  review_ends_at: number | null;
  suspend_at: number | null;
  updated_at: number;
}

export interface DocumentRow {
  id: string;
  vehicle_id: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_at: number;
}

const VEHICLE_COLUMNS = ['id', 'external_id', 'fleet_id', 'plate', 'vin', 'brand', 'model', 'year', 'color', 'city',
  'status', 'card_status', 'card_review', 'review_ends_at', 'registered_at', 'approved_at', 'updated_at'] as const;
const DRIVER_COLUMNS = ['id', 'external_id', 'fleet_id', 'name', 'whatsapp', 'status', 'review_status', 'invited_at',
  'accepted_at', 'answer', 'answer_at', 'review_ends_at', 'suspend_at', 'updated_at'] as const;

/** platform_a's tables. Due-work queries order by due time, then id, so runs are deterministic. */
export function createPlatformAStore(db: SimDb) {
  const saveVehicle = upsertStatement(db, 'pa_vehicles', VEHICLE_COLUMNS);
  const saveDriver = upsertStatement(db, 'pa_drivers', DRIVER_COLUMNS);
  const vehicleBy = db.prepare('SELECT * FROM pa_vehicles WHERE external_id = ?');
  const vehicleById = db.prepare('SELECT * FROM pa_vehicles WHERE id = ?');
  const driverBy = db.prepare('SELECT * FROM pa_drivers WHERE external_id = ?');
  const driverById = db.prepare('SELECT * FROM pa_drivers WHERE id = ?');
  const insertDocument = db.prepare(`INSERT INTO pa_documents (id, vehicle_id, content_type, size_bytes, sha256, uploaded_at)
    VALUES (@id, @vehicle_id, @content_type, @size_bytes, @sha256, @uploaded_at)`);
  const reviewsDue = db.prepare('SELECT * FROM pa_vehicles WHERE review_ends_at <= ? ORDER BY review_ends_at, id');
  const answersDue = db.prepare('SELECT * FROM pa_drivers WHERE answer_at <= ? ORDER BY answer_at, id');
  const driverReviewsDue = db.prepare('SELECT * FROM pa_drivers WHERE review_ends_at <= ? ORDER BY review_ends_at, id');
  const suspensionsDue = db.prepare('SELECT * FROM pa_drivers WHERE suspend_at <= ? ORDER BY suspend_at, id');
  const nextDue = db.prepare(`SELECT min(at) FROM (
    SELECT min(review_ends_at) AS at FROM pa_vehicles WHERE fleet_id = @fleet
    UNION ALL SELECT min(answer_at) FROM pa_drivers WHERE fleet_id = @fleet
    UNION ALL SELECT min(review_ends_at) FROM pa_drivers WHERE fleet_id = @fleet
    UNION ALL SELECT min(suspend_at) FROM pa_drivers WHERE fleet_id = @fleet)`).pluck();
  const boundElsewhere = db.prepare(`SELECT 1 FROM pa_drivers WHERE whatsapp = ? AND fleet_id <> ? AND status = 'bound' LIMIT 1`);

  return {
    vehicle: (externalId: string) => vehicleBy.get(externalId) as VehicleRow | undefined,
    vehicleById: (id: string) => vehicleById.get(id) as VehicleRow,
    saveVehicle: (row: VehicleRow) => void saveVehicle.run(row),
    insertDocument: (row: DocumentRow) => void insertDocument.run(row),
    reviewsDue: (nowMs: number) => reviewsDue.all(nowMs) as VehicleRow[],
    driver: (externalId: string) => driverBy.get(externalId) as DriverRow | undefined,
    driverById: (id: string) => driverById.get(id) as DriverRow,
    saveDriver: (row: DriverRow) => void saveDriver.run(row),
    answersDue: (nowMs: number) => answersDue.all(nowMs) as DriverRow[],
    driverReviewsDue: (nowMs: number) => driverReviewsDue.all(nowMs) as DriverRow[],
    suspensionsDue: (nowMs: number) => suspensionsDue.all(nowMs) as DriverRow[],
    /** The fleet's earliest review end, driver answer or suspension still to come; null: none. */
    nextDueMs: (fleetId: string) => nextDue.get({ fleet: fleetId }) as number | null,
    isBoundInAnotherFleet: (whatsapp: string, fleetId: string) => boundElsewhere.get(whatsapp, fleetId) !== undefined,
  };
}

export type PlatformAStore = ReturnType<typeof createPlatformAStore>;

/** platform_a's wire form: snake_case, the card as a nested object. */
export function vehicleJson(v: VehicleRow) {
  return {
    id: v.id,
    external_id: v.external_id,
    fleet_id: v.fleet_id,
    plate: v.plate,
    vin: v.vin,
    brand: v.brand,
    model: v.model,
    year: v.year,
    color: v.color,
    city: v.city,
    status: v.status,
    documents_required: true,
    circulation_card: { status: v.card_status, review_status: v.card_review },
    registered_at: iso(v.registered_at),
    approved_at: isoOrNull(v.approved_at),
    updated_at: iso(v.updated_at),
  };
}

export function driverJson(d: DriverRow) {
  return {
    id: d.id,
    external_id: d.external_id,
    fleet_id: d.fleet_id,
    name: d.name,
    whatsapp: d.whatsapp,
    status: d.status,
    review_status: d.review_status,
    invited_at: isoOrNull(d.invited_at),
    accepted_at: isoOrNull(d.accepted_at),
    updated_at: iso(d.updated_at),
  };
}

export function bindingJson(b: BindingRow, vehicleExternalId: string, driverExternalId: string) {
  return {
    id: b.id,
    vehicle_external_id: vehicleExternalId,
    driver_external_id: driverExternalId,
    bound_at: iso(b.bound_at),
    unbound_at: isoOrNull(b.unbound_at),
  };
}
