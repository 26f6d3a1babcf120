import { z } from 'zod';
import type { PlatformErrorInfo, RemoteAnswer } from './http.ts';
import type { PlatformInvitation, PlatformRegistration } from './types.ts';

/**
 * platform_a's wire format (snake_case, its own words) and its translation into the API's
 * vocabulary. Shared by the platform client and the simulator control client, which answers with
 * the same resources. Unknown fields are ignored: the platform may add some.
 */
export const PaVehicle = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'removed']),
  documents_required: z.boolean(),
  circulation_card: z.object({
    status: z.enum(['not_submitted', 'submitted']),
    review_status: z.enum(['pending', 'approved', 'rejected']).nullable(),
  }),
  registered_at: z.string(),
  approved_at: z.string().nullable(),
});

export const PaDriver = z.object({
  id: z.string(),
  status: z.enum(['invited', 'bound', 'rejected', 'cancelled']),
  review_status: z.enum(['pending', 'under_review', 'approved', 'rejected', 'suspended']).nullable(),
  invited_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
});

export const PaVehicleEnvelope = z.object({ vehicle: PaVehicle });
export const PaDriverEnvelope = z.object({ driver: PaDriver });

export function toRegistration(v: z.infer<typeof PaVehicle>): PlatformRegistration {
  return {
    platform: 'platform_a',
    platformRef: v.id,
    status: v.status,
    documentsRequired: v.documents_required,
    docStatus: v.circulation_card.status,
    docReviewStatus: v.circulation_card.review_status,
    registeredAt: v.registered_at,
    approvedAt: v.approved_at,
  };
}

/** A cancelled invitation is, for the API, no invitation: status none and no dates. */
export function toInvitation(d: z.infer<typeof PaDriver>): PlatformInvitation {
  const base = { platform: 'platform_a' as const, platformRef: d.id };
  if (d.status === 'cancelled') return { ...base, status: 'none', reviewStatus: null, invitedAt: null, acceptedAt: null };
  return { ...base, status: d.status, reviewStatus: d.review_status, invitedAt: d.invited_at, acceptedAt: d.accepted_at };
}

const PaErrorEnvelope = z.object({ error: z.object({ type: z.string(), message: z.string() }) });

export function paError(answer: RemoteAnswer): PlatformErrorInfo {
  const parsed = PaErrorEnvelope.safeParse(answer.body);
  return parsed.success
    ? { code: parsed.data.error.type, message: parsed.data.error.message }
    : { code: 'unknown', message: `HTTP ${answer.status}` };
}
