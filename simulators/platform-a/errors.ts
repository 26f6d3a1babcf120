import type { ErrorRequestHandler, Response } from 'express';
import { SimError, toSimError } from '../common/sim-error.ts';

/**
 * platform_a's own error envelope and wording: `{ "error": { "type": "...", "message": "..." } }`,
 * in English, as a foreign provider would answer. The API's client translates these types.
 */
export const errors = {
  vehicleMissing: (externalId: string) =>
    new SimError(404, 'resource_missing', `No vehicle with external_id '${externalId}'.`),
  driverMissing: (externalId: string) =>
    new SimError(404, 'resource_missing', `No driver with external_id '${externalId}'.`),
  bindingMissing: () => new SimError(404, 'resource_missing', 'That driver is not bound to that vehicle.'),
  vehicleRemoved: () => new SimError(409, 'vehicle_removed', 'The vehicle was removed; register it again first.'),
  boundElsewhere: () =>
    new SimError(409, 'driver_bound_elsewhere', 'This phone number belongs to a driver of another fleet.'),
  vehicleNotReady: (why: string) => new SimError(409, 'vehicle_not_ready', `The vehicle cannot take drivers yet: ${why}.`),
  driverNotReady: (why: string) => new SimError(409, 'driver_not_ready', `The driver cannot be bound yet: ${why}.`),
  bindingRefused: (why: string) => new SimError(403, 'binding_refused', `Binding refused: ${why}.`),
  unsupportedMedia: () =>
    new SimError(415, 'unsupported_media_type', 'The circulation card must be image/jpeg or image/png.'),
  emptyFile: () => new SimError(400, 'invalid_request', 'The circulation card file is empty.'),
  noPendingReview: () => new SimError(409, 'no_pending_review', 'This vehicle has no review in progress.'),
  noDriverReview: (reviewStatus: string) =>
    new SimError(409, 'no_pending_review', `This driver has no review in progress: it is ${reviewStatus}.`),
  invitationNotOpen: (status: string) =>
    new SimError(409, 'invitation_not_open', `The invitation can no longer be answered: it is ${status}.`),
  routeMissing: () => new SimError(404, 'resource_missing', 'Unrecognized request URL.'),
};

const GENERIC = { invalid: 'invalid_request', tooLarge: 'file_too_large', internal: 'api_error' };

export function sendPlatformAError(res: Response, err: SimError): void {
  res.status(err.status).json({ error: { type: err.code, message: err.message } });
}

/** What an injected "error" fault answers: the platform's generic 500. */
export const sendOutage = (res: Response): void =>
  sendPlatformAError(res, new SimError(500, 'api_error', 'Service temporarily unavailable.'));

export const platformAErrorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  sendPlatformAError(res, toSimError(err, GENERIC));
};
