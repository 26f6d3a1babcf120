import type { RouteTable } from '../http/v1-routes.ts';
import { listCities } from './cities.ts';
import { listColors } from './colors.ts';

/**
 * Catalogs need only a valid key (contract §3).
 * Adds its routes under /v1 (http/v1-routes.ts, app.ts).
 */
export function catalogRoutes(router: RouteTable): void {
  router.get('/catalog/platform_a/cities', (_req, res) => {
    res.json({ data: listCities() });
  });
  router.get('/catalog/platform_a/colors', (_req, res) => {
    res.json({ data: listColors() });
  });
}
