import { Router } from 'express';
import { z } from 'zod';
import { parseJsonBody } from '../http/parse.ts';
import type { WorldService } from './service.ts';

export const SaveBody = z.object({ name: z.string({ error: 'name debe ser texto, p. ej. antes-de-pagar' }) });

/** `/_testbed/reset` and `/_testbed/snapshots…` (contract §4). */
export function worldRoutes(world: WorldService): Router {
  const router = Router();

  router.post('/reset', async (_req, res) => {
    res.json(await world.reset(res));
  });

  router.get('/snapshots', (_req, res) => {
    res.json({ data: world.list() });
  });

  router.post('/snapshots', async (req, res) => {
    const { name } = parseJsonBody(SaveBody, req);
    const saved = await world.save(res, name);
    res.status(201).json({ name: saved.name, createdAt: saved.createdAt });
  });

  router.post('/snapshots/:name/restore', async (req, res) => {
    res.json(await world.restore(res, req.params.name));
  });

  router.delete('/snapshots/:name', (req, res) => {
    res.json(world.remove(req.params.name));
  });

  return router;
}
