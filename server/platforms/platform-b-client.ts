import { z } from 'zod';
import { AppError } from '../errors.ts';
import {
  createRemote, parseAnswer, platformRejected, type PlatformClientOptions, type PlatformErrorInfo, type RemoteAnswer,
} from './http.ts';
import type {
  BindingDriver, BindResult, PlatformBVehicleInput, PlatformRegistration, RegisterResult, UnbindResult,
} from './types.ts';
import { platformBRideFeed } from './platform-b-feed.ts';

const LABEL = 'platform_b';

/** platform_b wraps resources as `{ data: { type, id, attributes } }`; unknown fields are ignored. */
const VehicleAnswer = z.object({
  data: z.object({
    id: z.string(),
    attributes: z.object({ state: z.enum(['registered', 'removed']), registeredAt: z.string() }),
  }),
});
const AssignmentAnswer = z.object({ data: z.object({ id: z.string(), attributes: z.object({ assignedAt: z.string() }) }) });
const ErrorEnvelope = z.object({ errors: z.array(z.object({ code: z.string(), detail: z.string() })).min(1) });

function pbError(answer: RemoteAnswer): PlatformErrorInfo {
  const parsed = ErrorEnvelope.safeParse(answer.body);
  if (!parsed.success) return { code: 'unknown', message: `HTTP ${answer.status}` };
  return { code: parsed.data.errors[0].code, message: parsed.data.errors[0].detail };
}

/** platform_b registers instantly and has no documents: the fields platform_a fills stay empty. */
function toRegistration(answer: RemoteAnswer): PlatformRegistration {
  const { data } = parseAnswer(VehicleAnswer, answer, LABEL);
  return {
    platform: 'platform_b',
    platformRef: data.id,
    status: data.attributes.state,
    documentsRequired: false,
    docStatus: null,
    docReviewStatus: null,
    registeredAt: data.attributes.registeredAt,
    approvedAt: null,
  };
}

const enc = encodeURIComponent;

/** One method per platform_b call. No invitations: the API answers PLATFORM_NOT_ENABLED itself. */
export function createPlatformBClient(options: PlatformClientOptions) {
  const remote = createRemote(LABEL, options);
  const rejected = (answer: RemoteAnswer) => platformRejected(LABEL, answer, pbError(answer));

  async function readOrNull(method: 'GET' | 'DELETE', externalId: string): Promise<PlatformRegistration | null> {
    const answer = await remote({ method, path: `/api/v2/vehicles/${enc(externalId)}` });
    if (answer.status === 200) return toRegistration(answer);
    if (answer.status === 404) return null;
    throw rejected(answer);
  }

  return {
    /**
     * Registered at once. A plate or VIN already registered by another record is ALREADY_REGISTERED
     * (409, details.field names it); a vehicle the platform will not take is PLATFORM_REJECTED (422).
     */
    async registerVehicle(input: PlatformBVehicleInput): Promise<RegisterResult> {
      const answer = await remote({ method: 'POST', path: '/api/v2/vehicles', json: {
        externalId: input.externalId, fleetId: input.fleetId, licensePlate: input.plate, vin: input.vin,
        make: input.brand, model: input.model, year: input.year, color: input.color,
      } });
      const error = pbError(answer);
      if (answer.status === 409 && error.code.endsWith('-already-registered')) {
        const field = error.code.startsWith('vin') ? 'vin' : 'plate';
        const what = field === 'vin' ? 'el mismo VIN' : 'la misma placa';
        throw new AppError('ALREADY_REGISTERED', `Otro vehículo con ${what} ya está registrado en platform_b.`, { field });
      }
      if (answer.status !== 200 && answer.status !== 201) throw rejected(answer);
      return { created: answer.status === 201, registration: toRegistration(answer) };
    },

    getVehicle: (externalId: string) => readOrNull('GET', externalId),
    removeVehicle: (externalId: string) => readOrNull('DELETE', externalId),

    async bindDriver(vehicleExternalId: string, driver: BindingDriver): Promise<BindResult> {
      const path = `/api/v2/vehicles/${enc(vehicleExternalId)}/driver`;
      const json = { externalId: driver.externalId, name: driver.name, whatsapp: driver.whatsapp };
      const answer = await remote({ method: 'PUT', path, json });
      const error = pbError(answer);
      if (answer.status === 409 && error.code === 'vehicle-not-registered') {
        return { outcome: 'not_ready', reason: 'vehicle_not_ready', message: error.message };
      }
      if (answer.status === 403 && error.code === 'assignment-forbidden') return { outcome: 'refused', message: error.message };
      if (answer.status !== 200 && answer.status !== 201) throw rejected(answer);
      const { data } = parseAnswer(AssignmentAnswer, answer, LABEL);
      return { outcome: 'bound', platformRef: data.id, boundAt: data.attributes.assignedAt };
    },

    async unbindDriver(vehicleExternalId: string, driverExternalId: string): Promise<UnbindResult> {
      const path = `/api/v2/vehicles/${enc(vehicleExternalId)}/driver/${enc(driverExternalId)}`;
      const answer = await remote({ method: 'DELETE', path });
      if (answer.status === 200) return { unbound: true };
      if (answer.status === 404) return { unbound: false };
      throw rejected(answer);
    },

    /** listRides and listDailyEarnings: the fleet's reports, read by the rides ingestion. */
    ...platformBRideFeed(remote, rejected),
  };
}

export type PlatformBClient = ReturnType<typeof createPlatformBClient>;
