import type { Platform } from '../common/schemas.ts';
import { toInvitation, type Invitation, type InvitationRow } from '../invitations/store.ts';
import type { DriverRow } from './store.ts';

export interface Driver {
  id: string;
  name: string;
  whatsapp: string;
  email: string | null;
  city: string;
  license: string | null;
  platforms: Platform[];
  assignedVehicleId: string | null;
  invitations: Invitation[];
  createdAt: string;
  updatedAt: string;
}

export function toDriver(row: DriverRow, invitations: InvitationRow[], assignedVehicleId: string | null): Driver {
  return {
    id: row.id,
    name: row.name,
    whatsapp: row.whatsapp,
    email: row.email,
    city: row.city,
    license: row.license,
    // A driver is on a platform once bound there; an open invitation is not enough.
    platforms: invitations.filter((i) => i.status === 'bound').map((i) => i.platform),
    assignedVehicleId,
    invitations: invitations.map(toInvitation),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
