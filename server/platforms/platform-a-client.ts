import { z } from 'zod';
import { AppError } from '../errors.ts';
import { createRemote, parseAnswer, platformRejected, type PlatformClientOptions, type RemoteAnswer } from './http.ts';
import { PaDriverEnvelope, PaVehicle, PaVehicleEnvelope, paError, toInvitation, toRegistration } from './platform-a-wire.ts';
import { platformARideFeed } from './platform-a-feed.ts';
import type {
  BindingDriver, BindResult, CardUpload, CardUploadResult, DriverInvitationInput, InviteResult, PlatformAVehicleInput,
  PlatformInvitation, PlatformRegistration, RegisterResult, UnbindResult,
} from './types.ts';

const LABEL = 'platform_a';

const CardAnswer = z.object({
  document: z.object({ id: z.string(), size_bytes: z.number(), uploaded_at: z.string() }),
  vehicle: PaVehicle,
});
const BindingAnswer = z.object({ binding: z.object({ id: z.string(), bound_at: z.string() }) });

const enc = encodeURIComponent;

/** One method per platform_a call; answers in the API's vocabulary, errors as the API's AppErrors. */
export function createPlatformAClient(options: PlatformClientOptions) {
  const remote = createRemote(LABEL, options);
  const rejected = (answer: RemoteAnswer) => platformRejected(LABEL, answer, paError(answer));
  const registration = (answer: RemoteAnswer) => toRegistration(parseAnswer(PaVehicleEnvelope, answer, LABEL).vehicle);
  const invitation = (answer: RemoteAnswer) => toInvitation(parseAnswer(PaDriverEnvelope, answer, LABEL).driver);

  /** GET and DELETE of a vehicle or driver: 404 means the platform does not know it (the API's `none`). */
  async function readOrNull<T>(call: Parameters<typeof remote>[0], read: (a: RemoteAnswer) => T): Promise<T | null> {
    const answer = await remote(call);
    if (answer.status === 200) return read(answer);
    if (answer.status === 404) return null;
    throw rejected(answer);
  }

  return {
    /** Starts (or, for a known vehicle, returns) the registration: status pending, card not submitted. */
    async registerVehicle(input: PlatformAVehicleInput): Promise<RegisterResult> {
      const answer = await remote({ method: 'POST', path: '/v1/vehicles', json: {
        external_id: input.externalId, fleet_id: input.fleetId, plate: input.plate, vin: input.vin,
        brand: input.brand, model: input.model, year: input.year, color: input.color, city: input.city,
      } });
      if (answer.status !== 200 && answer.status !== 201) throw rejected(answer);
      return { created: answer.status === 201, registration: registration(answer) };
    },

    getVehicle: (externalId: string): Promise<PlatformRegistration | null> =>
      readOrNull({ method: 'GET', path: `/v1/vehicles/${enc(externalId)}` }, registration),

    removeVehicle: (externalId: string): Promise<PlatformRegistration | null> =>
      readOrNull({ method: 'DELETE', path: `/v1/vehicles/${enc(externalId)}` }, registration),

    /** Sends the card and starts a new review, whatever the previous verdict. */
    async uploadCirculationCard(externalId: string, file: CardUpload): Promise<CardUploadResult> {
      const path = `/v1/vehicles/${enc(externalId)}/circulation-card`;
      const answer = await remote({ method: 'PUT', path, bytes: file.bytes, contentType: file.contentType });
      if (answer.status === 404 || answer.status === 409) {
        throw new AppError('CONFLICT', 'El vehículo no tiene un registro vigente en platform_a.');
      }
      if (answer.status === 413) throw new AppError('FILE_TOO_LARGE');
      if (answer.status === 415) throw new AppError('INVALID_FILE_TYPE');
      if (answer.status !== 202) throw rejected(answer);
      const { document, vehicle } = parseAnswer(CardAnswer, answer, LABEL);
      return { platformRef: document.id, sizeBytes: document.size_bytes, submittedAt: document.uploaded_at,
        registration: toRegistration(vehicle) };
    },

    /** Invites (or returns the standing invitation); a phone bound to another fleet is DRIVER_BOUND_ELSEWHERE. */
    async inviteDriver(input: DriverInvitationInput): Promise<InviteResult> {
      const answer = await remote({ method: 'POST', path: '/v1/drivers', json: {
        external_id: input.externalId, fleet_id: input.fleetId, name: input.name, whatsapp: input.whatsapp,
      } });
      if (answer.status === 409 && paError(answer).code === 'driver_bound_elsewhere') {
        throw new AppError('DRIVER_BOUND_ELSEWHERE');
      }
      if (answer.status !== 200 && answer.status !== 201) throw rejected(answer);
      return { created: answer.status === 201, invitation: invitation(answer) };
    },

    getInvitation: (externalId: string): Promise<PlatformInvitation | null> =>
      readOrNull({ method: 'GET', path: `/v1/drivers/${enc(externalId)}` }, invitation),

    /** Cancels the invitation or unbinds the driver from the fleet; the result has status none. */
    cancelInvitation: (externalId: string): Promise<PlatformInvitation | null> =>
      readOrNull({ method: 'DELETE', path: `/v1/drivers/${enc(externalId)}` }, invitation),

    /** platform_a knows the driver from the invitation: only the id travels. Same signature as platform_b's. */
    async bindDriver(vehicleExternalId: string, driver: BindingDriver): Promise<BindResult> {
      const path = `/v1/vehicles/${enc(vehicleExternalId)}/drivers`;
      const answer = await remote({ method: 'POST', path, json: { driver_external_id: driver.externalId } });
      const error = paError(answer);
      if (answer.status === 409 && (error.code === 'vehicle_not_ready' || error.code === 'driver_not_ready')) {
        return { outcome: 'not_ready', reason: error.code, message: error.message };
      }
      if (answer.status === 403 && error.code === 'binding_refused') return { outcome: 'refused', message: error.message };
      if (answer.status !== 200 && answer.status !== 201) throw rejected(answer);
      const { binding } = parseAnswer(BindingAnswer, answer, LABEL);
      return { outcome: 'bound', platformRef: binding.id, boundAt: binding.bound_at };
    },

    async unbindDriver(vehicleExternalId: string, driverExternalId: string): Promise<UnbindResult> {
      const path = `/v1/vehicles/${enc(vehicleExternalId)}/drivers/${enc(driverExternalId)}`;
      const answer = await remote({ method: 'DELETE', path });
      if (answer.status === 200) return { unbound: true };
      if (answer.status === 404) return { unbound: false };
      throw rejected(answer);
    },

    /** listRides and listDailyEarnings: the fleet's reports, read by the rides ingestion. */
    ...platformARideFeed(remote, rejected),
  };
}

export type PlatformAClient = ReturnType<typeof createPlatformAClient>;
