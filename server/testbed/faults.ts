import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { parseJsonBody } from '../http/parse.ts';

export const FaultBody = z.object({
  platform: z.enum(['platform_a', 'platform_b'], { error: 'platform debe ser platform_a o platform_b' }),
  mode: z.enum(['none', 'error', 'slow'], { error: 'mode debe ser none, error o slow' }),
  ms: z.number({ error: 'ms debe ser un número' }).int('ms debe ser entero').min(0, 'ms no puede ser negativo').max(600_000, 'ms admite hasta 600000').optional(),
});

/**
 * `/_testbed/faults`: a platform that answers every call with an error, or slowly, until set back to
 * `none`. A fault is the platform's, so every world sees it, as every fleet sees a real outage.
 */
export function faultsControl(deps: Deps): Router {
  const router = Router();

  router.get('/faults', async (_req, res) => {
    res.json(await deps.simulators.getFaults());
  });

  router.post('/faults', async (req, res) => {
    const body = parseJsonBody(FaultBody, req);
    res.json(await deps.simulators.setFault(body.platform, body.mode, body.ms));
  });

  return router;
}
