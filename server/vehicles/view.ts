import { colorNameById } from '../catalog/colors.ts';
import type { Platform } from '../common/schemas.ts';
import { toRegistration, type Registration, type RegistrationRow } from '../registrations/store.ts';
import { parsePlatforms, type VehicleRow, type VehicleStatus } from './store.ts';

export interface Vehicle {
  id: string;
  plate: string;
  brand: string;
  model: string;
  year: number;
  color: string;
  colorId: number;
  city: string | null;
  vin: string | null;
  status: VehicleStatus;
  platforms: Platform[];
  assignedDriverId: string | null;
  registrations: Registration[];
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toVehicle(row: VehicleRow, registrations: RegistrationRow[], assignedDriverId: string | null): Vehicle {
  return {
    id: row.id,
    plate: row.plate,
    brand: row.brand,
    model: row.model,
    year: row.year,
    color: colorNameById(row.color_id) ?? '',
    colorId: row.color_id,
    city: row.city,
    vin: row.vin,
    status: row.status,
    platforms: parsePlatforms(row.platforms),
    assignedDriverId,
    registrations: registrations.map(toRegistration),
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
