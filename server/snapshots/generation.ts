import type { RequestHandler } from 'express';
import { conflict } from '../errors.ts';

/**
 * The header naming the state a piece of work started on (issue 35): every control answer carries
 * the current one; a call that sends it back is refused with 409 CONFLICT once a reset or a
 * whole-testbed restore has replaced that state. Work made of several calls (`rides generate` in
 * chunks) so fails loudly instead of finishing with a hole.
 */
export const GENERATION_HEADER = 'x-testbed-generation';

/**
 * The state's generation: a token for this process (so a restart never repeats one) and a count of
 * the replacements since. `realNowMs` only tells processes apart; it is never simulated data.
 */
export function createGeneration(realNowMs: () => number) {
  const instance = realNowMs().toString(36);
  let replaced = 0;
  return {
    current: () => `${instance}.${replaced}`,
    /** Called by a reset or restore once it has replaced the state. */
    advance: () => void replaced++,
  };
}

export type Generation = ReturnType<typeof createGeneration>;

/** Refuses a call made for a state that has since been replaced; stamps every answer with the current one. */
export function generationCheck(generation: Generation): RequestHandler {
  return (req, res, next) => {
    const expected = req.get(GENERATION_HEADER);
    if (expected !== undefined && expected !== generation.current()) {
      throw conflict('El testbed se reinició o se restauró mientras este trabajo seguía en curso: lo hecho antes ya no está en su estado. Vuelve a ejecutarlo.', [
        { field: GENERATION_HEADER, message: 'El estado cambió' },
      ]);
    }
    res.set(GENERATION_HEADER, generation.current());
    next();
  };
}
