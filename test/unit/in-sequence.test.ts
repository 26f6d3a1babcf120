import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { inSequence } from '../../server/http/in-sequence.ts';

const req = { method: 'GET' } as Request;
const res = {} as Response;

/** Runs the sequence and answers what reached its `next`, once it was called. */
function run(handlers: RequestHandler[], leave?: (r: Request) => boolean): Promise<{ seen: string[]; next: unknown[] }> {
  const seen: string[] = [];
  return new Promise((resolve) => {
    const marked = handlers.map((h, i): RequestHandler => (rq, rs, nx) => (seen.push(`h${i}`), h(rq, rs, nx)));
    inSequence(marked, leave)(req, res, ((...args: unknown[]) => resolve({ seen, next: args })) as NextFunction);
  });
}

const pass: RequestHandler = (_q, _s, next) => next();

describe('inSequence', () => {
  it('when every handler calls next, then they run in order and the sequence calls next with nothing', async () => {
    expect(await run([pass, pass, pass])).toEqual({ seen: ['h0', 'h1', 'h2'], next: [] });
  });

  it('when a handler throws, then the rest are skipped and next gets the error', async () => {
    const boom = new Error('boom');
    expect(await run([pass, () => { throw boom; }, pass])).toEqual({ seen: ['h0', 'h1'], next: [boom] });
  });

  it('when a handler\'s promise rejects, then the rest are skipped and next gets the reason', async () => {
    const boom = new Error('later');
    expect(await run([async () => { throw boom; }, pass])).toEqual({ seen: ['h0'], next: [boom] });
  });

  it('when a handler calls next(err), then the rest are skipped and next gets it', async () => {
    const err = new Error('said');
    expect(await run([(_q, _s, next) => next(err), pass])).toEqual({ seen: ['h0'], next: [err] });
  });

  it('when a handler calls next("router"), then the rest are skipped and next gets nothing', async () => {
    expect(await run([(_q, _s, next) => next('router'), pass])).toEqual({ seen: ['h0'], next: [] });
  });

  it('when leave says so, then no handler runs', async () => {
    expect(await run([pass], () => true)).toEqual({ seen: [], next: [] });
  });
});
