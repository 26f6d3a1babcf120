import { PLATFORM_FAULT_HEADER, platformFaultValue, type FaultScope } from './lib/platform-fault-header.ts';

/**
 * The one error catalog of the API: every code with its HTTP status and default Spanish message.
 * Statuses the spec leaves open follow testbed-contract.md §3.
 */
export const ERROR_CATALOG = {
  UNAUTHORIZED: { status: 401, message: 'Falta la clave de API o no es válida.' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para esta operación.' },
  INSUFFICIENT_SCOPE: { status: 403, message: 'La clave de API no tiene el permiso requerido.' },
  TENANT_PENDING: { status: 403, message: 'La cuenta de la flota sigue en revisión.' },
  NOT_FOUND: { status: 404, message: 'El recurso no existe.' },
  VALIDATION: { status: 400, message: 'La solicitud no es válida.' },
  CONFLICT: { status: 409, message: 'La operación entra en conflicto con el estado actual.' },
  RATE_LIMITED: { status: 429, message: 'Demasiadas solicitudes; espera antes de reintentar.' },
  PLATFORM_NOT_ENABLED: { status: 403, message: 'La operación no está disponible en esta plataforma.' },
  ALREADY_INVITED: { status: 409, message: 'El conductor ya fue invitado en esta plataforma.' },
  ALREADY_REGISTERED: { status: 409, message: 'El vehículo ya está registrado en esta plataforma.' },
  DRIVER_BOUND_ELSEWHERE: { status: 409, message: 'El conductor ya está vinculado con otra flota en la plataforma.' },
  DRIVER_NOT_ON_PLATFORM: { status: 422, message: 'El conductor no está activo en la plataforma.' },
  INVALID_PHONE: { status: 400, message: 'El número de WhatsApp no es válido.' },
  CITY_REQUIRED: { status: 422, message: 'El vehículo necesita una ciudad válida del catálogo para registrarse en platform_a.' },
  FILE_TOO_LARGE: { status: 413, message: 'El archivo supera el máximo de 4 MB.' },
  INVALID_FILE_TYPE: { status: 415, message: 'El archivo debe ser una imagen JPEG o PNG.' },
  PLATFORM_UNAVAILABLE: { status: 503, message: 'La plataforma no está disponible; reintenta más tarde.' },
  PLATFORM_REJECTED: { status: 422, message: 'La plataforma rechazó la operación.' },
  VEHICLE_COLOR_LOCKED: { status: 409, message: 'El color no puede cambiar mientras el vehículo está registrado en platform_a.' },
  INTERNAL: { status: 500, message: 'Error interno del servidor.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: unknown = null,
    headers: Record<string, string> = {},
    /** The code's own status unless the spec ties the case to another (its 422s have no code of their own). */
    status: number = ERROR_CATALOG[code].status,
  ) {
    super(message ?? ERROR_CATALOG[code].message);
    this.status = status;
    this.headers = headers;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} no existe.`);
/**
 * A control call naming a world that is not there: the id is named, since a test that meets it (a
 * world deleted by another test, a reset, another testbed's id) runs many worlds at once.
 */
export class WorldNotFound extends AppError {
  constructor(readonly tenantId: string, readonly why = '', headers: Record<string, string> = {}) {
    super('NOT_FOUND', `El tenant ${tenantId} no existe en este testbed.${why}`, null, headers);
  }
}
export const worldNotFound = (tenantId: string) => new WorldNotFound(tenantId);
/**
 * A request that serve's stop cut short (server/main.ts): what it committed stays, the rest was not
 * done; `what` says what else became of it (a fixture's world is deleted: fixtures/service.ts, or at
 * the next start, fixtures/unfinished.ts). A 503 with no Retry-After: this serve will not answer again.
 */
export const stopping = (what = 'lo que alcanzó a guardar queda, lo demás no se hizo') => new AppError('PLATFORM_UNAVAILABLE',
  `El testbed se detuvo antes de terminar esta solicitud: ${what}.`);
/** What a stop makes of a request, when not what `stopping` says by default: a handler sets it (server/main.ts reads it). */
export const setStoppedMeans = (res: { locals: Record<string, unknown> }, what: string): void => void (res.locals.stoppedMeans = what);
export const stoppedMeansOf = (res: { locals?: Record<string, unknown> }): string | undefined =>
  typeof res.locals?.stoppedMeans === 'string' ? res.locals.stoppedMeans : undefined;
export const conflict = (message: string, details: unknown = null) => new AppError('CONFLICT', message, details);
export const validation = (message: string, details: unknown = null) => new AppError('VALIDATION', message, details);
/** The field of an issue with the body as a whole (an unknown field, not an object): not repeated in the message. */
export const WHOLE_BODY = '(cuerpo)';
/**
 * A field's issue in the sentence: its message alone when it already starts with the field's name
 * (`limit debe ser…`, not `limit: limit debe ser…`), or when the field has no name to put first (`?=1`).
 */
export const issueText = (d: { field: string; message: string }) =>
  d.field === WHOLE_BODY || d.field === '' || d.message.startsWith(`${d.field} `) ? d.message : `${d.field}: ${d.message}`;
/**
 * 400 for fields that are not valid, each named in the message as in the details (zod's issues,
 * unknown parameters); `said`, when one issue names several fields (unknown ones, listed together),
 * is the sentence's parts, one per issue.
 */
export const invalidFields = (details: readonly { field: string; message: string }[], said: readonly string[] = details.map(issueText)) =>
  // A part that is a sentence of its own (`Se requiere color o colorId.`) ends in the parenthesis, not in `.).`.
  validation(`La solicitud no es válida (${said.map((part) => part.replace(/\.$/, '')).join('; ')}).`, details);
/**
 * Spec §7 gives "does not apply" a 422 but no code; contract §3 answers it with a listed code:
 * VALIDATION when a field the operation needs is missing, CONFLICT when the state rules it out.
 */
export const unprocessable = (code: 'VALIDATION' | 'CONFLICT', message: string, details: unknown = null) =>
  new AppError(code, message, details, {}, 422);
/** The label of the companion's control surface (platforms/simulator-control-client.ts): both platforms' simulators, not one platform. */
export const SIMULATORS = 'simulators';

/** Who a failed call names in its message, and whether the verb goes plural. */
export const failedParty = (label: string): { who: string; plural: boolean } =>
  label === SIMULATORS ? { who: 'Los simuladores de las plataformas', plural: true } : { who: `La plataforma ${label}`, plural: false };

/** The same 503, made by a platform fault someone set: the answer names it (lib/platform-fault-header.ts). */
export const platformFaulted = (platform: string, scope: FaultScope, retryAfterSeconds = 5) => {
  // Said in the message too: a control call's error (rides generate) reaches a test as its message alone.
  const err = platformUnavailable(platform, retryAfterSeconds, ` (falla de plataforma simulada ${scope === 'world' ? 'en este mundo' : 'en todo el testbed'})`);
  err.headers[PLATFORM_FAULT_HEADER] = platformFaultValue(platform, scope);
  return err;
};

/** `why`: what made it unavailable, when the testbed knows (platformFaulted). */
export const platformUnavailable = (platform: string, retryAfterSeconds = 5, why = '') => {
  const { who, plural } = failedParty(platform);
  return new AppError('PLATFORM_UNAVAILABLE', `${who} ${plural ? 'no están disponibles' : 'no está disponible'}${why}; reintenta más tarde.`, null, {
    'Retry-After': String(retryAfterSeconds),
  });
};
