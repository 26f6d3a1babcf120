/**
 * An integrator's vehicle creation that survives the API misbehaving: it honours `Retry-After` on
 * 429 and 503, retries a 500 or a dropped connection a few times, and, since a retried write may
 * already have happened (its answer was lost), treats "plate already taken" as "find my vehicle".
 */
import type { PartnerClient, Schemas } from 'fleet-testbed/client';
import { FleetApiError, type NewVehicle } from './onboarding.ts';

export interface RetryOptions {
  /** How the client waits; a test passes one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
}

const RETRIED = new Set([429, 500, 503]);
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds of Retry-After as milliseconds; 1 s when the answer gives none. */
const retryDelayMs = (response: Response | undefined) => Number(response?.headers.get('retry-after') ?? 1) * 1000;

export async function createVehicleWithRetries(api: PartnerClient, vehicle: NewVehicle, options: RetryOptions = {}): Promise<Schemas['Vehicle']> {
  const { sleep = realSleep, maxAttempts = 4 } = options;
  for (let attempt = 1; ; attempt++) {
    const answer = await api.POST('/v1/vehicles', { body: vehicle }).catch(() => null);
    if (answer?.data) return answer.data;
    const code = answer?.error?.error.code;
    // A write retried after a lost answer meets itself: the vehicle is there, under our plate.
    if (code === 'CONFLICT' && attempt > 1) return findByPlate(api, vehicle.plate);
    const retriable = answer === null || RETRIED.has(answer.response.status);
    if (!retriable || attempt >= maxAttempts) throw new FleetApiError(code ?? 'NETWORK', answer?.error?.error.message ?? 'sin respuesta');
    await sleep(answer === null ? 1000 : retryDelayMs(answer.response));
  }
}

async function findByPlate(api: PartnerClient, plate: string): Promise<Schemas['Vehicle']> {
  const found = await api.GET('/v1/vehicles', { params: { query: { plate } } });
  const vehicle = found.data?.data[0];
  if (!vehicle) throw new FleetApiError('CONFLICT', `la placa ${plate} está tomada por otro vehículo`);
  return vehicle;
}
