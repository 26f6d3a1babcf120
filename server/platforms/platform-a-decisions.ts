import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { RemoteAnswer } from './http.ts';
import { PaDriver, PaVehicle, toInvitation, toRegistration } from './platform-a-wire.ts';
import type { PlatformInvitation, PlatformRegistration } from './types.ts';

/**
 * `POST /_control/platform-a/decisions` (docs/simulators.md): many of platform_a's reviewers' and
 * drivers' actions in one call to the simulators. Its body, its answer in the API's vocabulary, and
 * its refusals, which name the item refused (the batch then changed nothing).
 */
export interface PlatformADecisions {
  vehicles?: { externalId: string; verdict: 'approved' | 'rejected'; card?: 'approved' | 'rejected' }[];
  /** `answer` first, then `approveReview`, as the single calls in that order. */
  drivers?: { externalId: string; answer?: 'accept' | 'decline'; approveReview?: true }[];
}

/** In the order asked; a driver's step not asked for is null. */
export interface PlatformADecided {
  vehicles: PlatformRegistration[];
  drivers: { answered: PlatformInvitation | null; reviewed: PlatformInvitation | null }[];
}

export const DecisionsAnswer = z.object({
  vehicles: z.array(z.object({ vehicle: PaVehicle })),
  drivers: z.array(z.object({ answered: PaDriver.nullable(), reviewed: PaDriver.nullable() })),
});

export function toDecided(answer: z.infer<typeof DecisionsAnswer>): PlatformADecided {
  return {
    vehicles: answer.vehicles.map(({ vehicle }) => toRegistration(vehicle)),
    drivers: answer.drivers.map(({ answered, reviewed }) => ({
      answered: answered && toInvitation(answered), reviewed: reviewed && toInvitation(reviewed),
    })),
  };
}

const Refused = z.object({
  error: z.object({
    code: z.string(), message: z.string(),
    item: z.object({ list: z.enum(['vehicles', 'drivers']), index: z.number(), externalId: z.string() }),
  }),
});

/** The single calls' words for the same refusal, with the item's place in the list. */
function refusal(list: 'vehicles' | 'drivers', code: string, status: number, who: string): string {
  if (list === 'vehicles') {
    return status === 404 ? `El vehículo ${who} no está registrado en platform_a` : `El vehículo ${who} no tiene una revisión pendiente en platform_a`;
  }
  if (status === 404) return `El conductor ${who} no fue invitado en platform_a`;
  return code === 'invitation_not_open'
    ? `La invitación del conductor ${who} ya no está pendiente de respuesta`
    : `El conductor ${who} no tiene una revisión en curso en platform_a`;
}

/** 404 or 409 naming the item the simulators refused; null: not such a refusal (the caller's usual checks follow). */
export function refusedDecision(answer: RemoteAnswer): AppError | null {
  if (answer.status !== 404 && answer.status !== 409) return null;
  const parsed = Refused.safeParse(answer.body);
  if (!parsed.success) return null;
  const { code, item } = parsed.data.error;
  const message = `${refusal(item.list, code, answer.status, `${item.externalId} (${item.list}[${item.index}])`)}: no se decidió nada del lote.`;
  // The platform's code and the item, not its words: they are English, and the message says it in Spanish.
  return new AppError(answer.status === 404 ? 'NOT_FOUND' : 'CONFLICT', message, { code, item });
}
