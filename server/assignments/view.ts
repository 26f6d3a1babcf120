import type { AssignmentRow, AssignmentStatus } from './store.ts';
import type { PlatformSync } from './platform-sync.ts';

export interface Assignment {
  id: string;
  vehicleId: string;
  driverId: string;
  status: AssignmentStatus;
  platformSync: PlatformSync;
  startedAt: string;
  endedAt: string | null;
  createdAt: string;
}

export function toAssignment(row: AssignmentRow, platformSync: PlatformSync): Assignment {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    driverId: row.driver_id,
    status: row.status,
    platformSync,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    createdAt: row.created_at,
  };
}
