/**
 * An integrator's onboarding module: what a fleet's own software does with the Fleet Partner API to
 * put vehicles and drivers on the road. It knows nothing of the testbed: in production the same
 * client points at the real API (createClient({ baseUrl, key })).
 */
import type { PartnerClient, Schemas } from 'fleet-testbed/client';

type Platform = 'platform_a' | 'platform_b';
const PLATFORMS: Platform[] = ['platform_a', 'platform_b'];

/** A refused call, with the API's code (spec §7) for the caller to switch on. */
export class FleetApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** openapi-fetch answers `{data}` or `{error}`; this module wants the data or an exception. */
function unwrap<T>(answer: { data?: T; error?: Schemas['Error'] }): T {
  if (answer.error) throw new FleetApiError(answer.error.error.code, answer.error.error.message);
  return answer.data as T;
}

export interface NewVehicle {
  plate: string;
  vin: string;
  brand: string;
  model: string;
  year: number;
  color: string;
  city: string;
}

/** Creates the vehicle, registers it on both platforms and sends platform_a its circulation card. */
export async function onboardVehicle(api: PartnerClient, vehicle: NewVehicle, card: Blob): Promise<Schemas['Vehicle']> {
  const created = unwrap(await api.POST('/v1/vehicles', { body: { ...vehicle, platforms: PLATFORMS } }));
  const path = { id: created.id };
  for (const platform of PLATFORMS) unwrap(await api.POST('/v1/vehicles/{id}/registrations', { params: { path }, body: { platform } }));
  unwrap(await api.POST('/v1/vehicles/{id}/documents', { params: { path }, body: { type: 'circulation_card_front', file: card } }));
  return created;
}

export type ReviewOutcome = 'waiting' | 'approved' | 'card_rejected' | 'vehicle_rejected';

/** Where platform_a's review of the vehicle stands now (refresh asks the platform itself). */
export async function reviewOutcome(api: PartnerClient, vehicleId: string): Promise<ReviewOutcome> {
  const registration = unwrap(
    await api.POST('/v1/vehicles/{id}/registrations/{platform}/refresh', { params: { path: { id: vehicleId, platform: 'platform_a' } } }),
  );
  if (registration.status === 'approved') return 'approved';
  if (registration.status !== 'rejected') return 'waiting';
  return registration.docReviewStatus === 'rejected' ? 'card_rejected' : 'vehicle_rejected';
}

export interface NewDriver {
  name: string;
  whatsapp: string;
  city: string;
}

/** Creates the driver and invites them to platform_a (platform_b needs no invitation). */
export async function inviteDriver(api: PartnerClient, driver: NewDriver): Promise<Schemas['Driver']> {
  const created = unwrap(await api.POST('/v1/drivers', { body: driver }));
  unwrap(await api.POST('/v1/drivers/{id}/invitations', { params: { path: { id: created.id } }, body: { platform: 'platform_a' } }));
  return created;
}

export type DriverStanding = 'waiting' | 'ready' | 'declined';

/** Whether the driver has answered the invitation and platform_a has approved them (asked live). */
export async function driverStanding(api: PartnerClient, driverId: string): Promise<DriverStanding> {
  const invitation = unwrap(
    await api.POST('/v1/drivers/{id}/invitations/{platform}/refresh', { params: { path: { id: driverId, platform: 'platform_a' } } }),
  );
  if (invitation.status === 'rejected') return 'declined';
  return invitation.status === 'bound' && invitation.reviewStatus === 'approved' ? 'ready' : 'waiting';
}

/** Puts the driver in the vehicle; `platformSync` says whether the platforms hold it yet. */
export async function assignDriver(api: PartnerClient, vehicleId: string, driverId: string): Promise<Schemas['Assignment']> {
  return unwrap(await api.POST('/v1/assignments', { body: { vehicleId, driverId } }));
}

export interface WeekEarnings {
  trips: number;
  /** Net MXN over both platforms, in centavos (the API sends decimal strings). */
  netCentavos: number;
}

const centavos = (mxn: string) => Math.round(Number(mxn) * 100);

/** A week's earnings over both platforms, from `from` (YYYY-MM-DD) to six days later. */
export async function weekEarnings(api: PartnerClient, from: string): Promise<WeekEarnings> {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  let trips = 0;
  let netCentavos = 0;
  for (const platform of PLATFORMS) {
    const summary = unwrap(await api.GET('/v1/earnings/summary', { params: { query: { platform, from, to } } }));
    trips += summary.totals.trips;
    netCentavos += centavos(summary.totals.netMxn);
  }
  return { trips, netCentavos };
}
