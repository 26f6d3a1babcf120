import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { conflict, validation, WorldNotFound } from '../errors.ts';
import { UUID_TEXT } from '../common/schemas.ts';

/**
 * The header naming the state a piece of work started on (issue 35): every control answer carries
 * the current one; a call that sends it back is refused with 409 CONFLICT once a reset or a
 * whole-testbed restore has replaced that state. Work made of several calls (`rides generate` in
 * chunks) so fails loudly instead of finishing with a hole.
 */
export const GENERATION_HEADER = 'x-testbed-generation';
/** What `current()` gives: anything else was never a generation, so a 409 "the state changed" would mislead. */
const GENERATION = /^[0-9a-z]+\.\d+$/;

/**
 * The state's generation: a token for this process (so a restart never repeats one) and a count of
 * the replacements since. `realNowMs` only tells processes apart; it is never simulated data.
 */
export function createGeneration(realNowMs: () => number) {
  const instance = realNowMs().toString(36);
  let replaced = 0;
  return {
    current: () => `${instance}.${replaced}`,
    /** How many resets and whole restores this process has made. */
    replacements: () => replaced,
    /** Called by a reset or restore once it has replaced the state. */
    advance: () => void replaced++,
  };
}

export type Generation = ReturnType<typeof createGeneration>;

/**
 * Stamps every control answer with the current generation, refusals included: mounted before the
 * control guard, so its 401 and 403 carry it too, as do this check's own 400 and 409.
 */
export function generationStamp(generation: Generation): RequestHandler {
  return (_req, res, next) => {
    stampGeneration(res, generation);
    next();
  };
}

/**
 * Names the current generation on an answer. Stamped as a call arrives, a call names the state its
 * work began on (one answered after a reset made meanwhile keeps the old name, and the work's next
 * call is refused); a reset or restore stamps its answer again, since the state it made is its work's.
 */
export const stampGeneration = (res: Response, generation: Generation): void => void res.set(GENERATION_HEADER, generation.current());

/** A state header (this one, or a world's: world-snapshots/world-generation.ts): its shape, an example, what replaces its state. */
export interface StateHeader {
  name: string;
  shape: RegExp;
  example: string;
  /** The 409's message: what replaced the state the work began on. */
  replaced: string;
}

/**
 * Refuses a state header sent back (`seen`) that the testbed never gave (400: a typo, another
 * header's value; a 409 "the state changed" would mislead) or whose state has since been replaced (409).
 */
export function checkStateSeen(header: StateHeader, seen: string | undefined, current: string): void {
  if (seen === undefined) return;
  if (!header.shape.test(seen)) {
    throw validation(`${header.name} no es un valor que haya dado el testbed: «${seen.slice(0, 40)}». Manda el de una respuesta del control, o ninguno.`, [
      { field: header.name, message: `Debe ser el valor de una respuesta, p. ej. ${header.example}` },
    ]);
  }
  if (seen !== current) throw conflict(header.replaced, [{ field: header.name, message: 'El estado cambió' }]);
}

const TESTBED_STATE: StateHeader = {
  name: GENERATION_HEADER, shape: GENERATION, example: '1a2b3c.0',
  replaced: 'El testbed se reinició o se restauró mientras este trabajo seguía en curso: lo hecho antes ya no está en su estado. Vuelve a ejecutarlo.',
};

/** Refuses a call made for a state that has since been replaced. */
export function generationCheck(generation: Generation): RequestHandler {
  return (req, _res, next) => {
    checkStateSeen(TESTBED_STATE, req.get(GENERATION_HEADER), generation.current());
    next();
  };
}

// Said as one possibility: the world may as well have been deleted since (a test's own cleanup).
const REPLACED = ' Pudo borrarse, o ser de antes de un reset o de la restauración de una instantánea de todo el testbed: desde que serve arrancó, uno de ellos reemplazó los mundos.';

/**
 * A control call's 404 for a world, once a reset or a whole restore has replaced the worlds: a
 * test whose world vanished under it (another process restored the testbed) reads why it may be gone.
 */
export function replacedWorldsHint(generation: Generation): ErrorRequestHandler {
  // Only an id that could have been a world's (a UUID): `abc` was never one, before or after.
  const hinted = (err: unknown): err is WorldNotFound =>
    err instanceof WorldNotFound && err.why === '' && UUID_TEXT.test(err.tenantId) && generation.replacements() > 0;
  return (err, _req, _res, next) => next(hinted(err) ? new WorldNotFound(err.tenantId, REPLACED) : err);
}
