import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';

/** A path no route has: 404 NOT_FOUND naming it, and, outside the testbed's three surfaces, where they are. */
describe('a path no route has', () => {
  const w = useWorld();

  it.each(['/', '/vehicles', '/api/v1/vehicles'])('when %s is asked, then 404 names it and says where the API, the control API and the dashboard are', async (path) => {
    const res = await w.request.get(path);

    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: `La ruta GET ${path} no existe. En este testbed la API está en /v1 (GET /v1/health, sin clave; su documentación interactiva en /docs), el control del testbed en /_testbed (su documento: GET /_testbed/openapi.json) y el panel en /dashboard.`,
    });
  });

  it.each(['/v1/nothing', '/V1/nothing', '/_testbed/nothing', '/v1'])('when %s is asked, then 404 names it alone: it is already under a surface', async (path) => {
    const { auth } = w.newTenant();
    const res = await w.request.get(path).set(path.toLowerCase().startsWith('/v1') ? auth : {});

    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(`La ruta GET ${path} no existe.`);
  });
});
