import type { ErrorRequestHandler, Response } from 'express';
import { SimError, toSimError } from '../common/sim-error.ts';

/**
 * platform_b's own envelope, different from platform_a's on purpose:
 * `{ "errors": [{ "code": "...", "detail": "..." }] }`, kebab-case codes, English details.
 */
export const errors = {
  vehicleMissing: (externalId: string) => new SimError(404, 'not-found', `Vehicle ${externalId} is unknown.`),
  assignmentMissing: () => new SimError(404, 'not-found', 'That driver is not assigned to that vehicle.'),
  plateTaken: () => new SimError(409, 'plate-already-registered', 'A vehicle with this license plate is already registered.'),
  vinTaken: () => new SimError(409, 'vin-already-registered', 'A vehicle with this VIN is already registered.'),
  vehicleRejected: () => new SimError(422, 'vehicle-rejected', 'This vehicle does not meet our requirements.'),
  vehicleNotRegistered: () => new SimError(409, 'vehicle-not-registered', 'The vehicle is not registered.'),
  assignmentForbidden: () => new SimError(403, 'assignment-forbidden', 'Drivers cannot be assigned to this vehicle.'),
  routeMissing: () => new SimError(404, 'not-found', 'No such endpoint.'),
};

const GENERIC = { invalid: 'invalid-payload', tooLarge: 'payload-too-large', internal: 'server-error' };

export function sendPlatformBError(res: Response, err: SimError): void {
  res.status(err.status).json({ errors: [{ code: err.code, detail: err.message }] });
}

export const sendOutage = (res: Response): void =>
  sendPlatformBError(res, new SimError(500, 'server-error', 'Internal server error.'));

export const platformBErrorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  sendPlatformBError(res, toSimError(err, GENERIC));
};
