import { ZodError } from 'zod';

/** An error a simulated platform answers on purpose; each surface renders it in its own envelope. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Added to the control surface's envelope beside code and message (which item of a batch, say). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The codes a surface uses for the errors that do not come from its own rules. */
export interface GenericCodes {
  invalid: string;
  tooLarge: string;
  internal: string;
}

function bodyParserStatus(err: unknown): number | null {
  if (typeof err !== 'object' || err === null || !('type' in err) || !('status' in err)) return null;
  return typeof err.status === 'number' && err.status < 500 ? err.status : null;
}

/** Normalises validation, body-parser and unexpected errors into a SimError of that surface. */
export function toSimError(err: unknown, codes: GenericCodes): SimError {
  if (err instanceof SimError) return err;
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
    return new SimError(400, codes.invalid, `${where}${first?.message ?? 'invalid request'}`);
  }
  const status = bodyParserStatus(err);
  if (status === 413) return new SimError(413, codes.tooLarge, 'The request body is too large.');
  if (status !== null) return new SimError(400, codes.invalid, 'The request body could not be read.');
  return new SimError(500, codes.internal, 'Something went wrong on our side.');
}
