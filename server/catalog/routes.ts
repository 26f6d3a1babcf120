import { Router } from 'express';
import { listCities } from './cities.ts';
import { listColors } from './colors.ts';

/** Catalogs need only a valid key (contract §3). */
export function catalogRouter(): Router {
  const router = Router();
  router.get('/catalog/platform_a/cities', (_req, res) => {
    res.json({ data: listCities() });
  });
  router.get('/catalog/platform_a/colors', (_req, res) => {
    res.json({ data: listColors() });
  });
  return router;
}
