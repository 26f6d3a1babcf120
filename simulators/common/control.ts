import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { z } from 'zod';
import type { SimClock } from '../../server/lib/clock.ts';
import type { SimDb } from '../db.ts';
import { writeClockState } from './clock-store.ts';
import { DEFAULT_SLOW_MS, type Faults } from './faults.ts';
import { SimError, toSimError } from './sim-error.ts';

const ClockBody = z.object({ frozenAtMs: z.number().int().nullable(), offsetMs: z.number().int() });
const FaultBody = z.object({
  platform: z.enum(['platform_a', 'platform_b']),
  mode: z.enum(['none', 'error', 'slow']),
  ms: z.number().int().min(0).max(600_000).optional(),
});

export const isLoopback = (address: string | undefined) => !!address && /^(::ffff:)?127\.|^::1$/.test(address);

/**
 * The control surface drives the simulated world; no partner may reach it. It listens on loopback
 * anyway, but a proxy could forward to it, so it also checks the peer address, and it refuses any
 * request with credentials so that a partner API key never lands here by mistake.
 */
const localOnly: RequestHandler = (req, _res, next) => {
  if (!isLoopback(req.socket.remoteAddress)) throw new SimError(403, 'forbidden', 'Control is local only.');
  if (req.get('authorization') !== undefined) {
    throw new SimError(403, 'forbidden', 'Control takes no credentials; do not send an Authorization header.');
  }
  next();
};

const controlErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  const e = toSimError(err, { invalid: 'invalid_request', tooLarge: 'too_large', internal: 'internal' });
  res.status(e.status).json({ error: { code: e.code, message: e.message } });
};

export interface ControlDeps {
  db: SimDb;
  clock: SimClock;
  faults: Faults;
  runDue: (nowMs: number) => void;
  platformControls: Router[];
}

/** `/_control`: clock, faults and health here; each platform adds its own routes. */
export function createControlRouter({ db, clock, faults, runDue, platformControls }: ControlDeps): Router {
  const router = Router();
  router.use(localOnly, express.json());
  const clockJson = () => ({ now: clock.nowIso(), ...clock.getState() });

  // The pid lets a test or an operator find this process (to stop it, say) without guessing among serve's children.
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', now: clock.nowIso(), platforms: ['platform_a', 'platform_b'], pid: process.pid });
  });

  router.get('/clock', (_req, res) => res.json(clockJson()));

  // The API owns simulated time and pushes it here; whatever fell due by then happens before we answer.
  router.post('/clock', (req, res) => {
    const state = ClockBody.parse(req.body);
    clock.setState(state);
    writeClockState(db, state);
    runDue(clock.nowMs());
    res.json(clockJson());
  });

  router.get('/faults', (_req, res) => {
    res.json({ platform_a: faults.get('platform_a'), platform_b: faults.get('platform_b') });
  });

  router.post('/faults', (req, res) => {
    const body = FaultBody.parse(req.body);
    const ms = body.mode === 'slow' ? (body.ms ?? DEFAULT_SLOW_MS) : 0;
    faults.set(body.platform, { mode: body.mode, ms });
    res.json({ platform: body.platform, mode: body.mode, ms });
  });

  for (const platformControl of platformControls) router.use(platformControl);
  router.use(() => {
    throw new SimError(404, 'not_found', 'No such control endpoint.');
  });
  router.use(controlErrors);
  return router;
}
