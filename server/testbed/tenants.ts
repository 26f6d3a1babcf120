import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { SCOPES } from '../auth/scopes.ts';
import { pathId } from '../common/schemas.ts';
import { notFound } from '../errors.ts';
import { parseJsonBody } from '../http/parse.ts';
import type { Services } from '../services.ts';
import { createTenantPurge } from '../tenants/purge.ts';

export const KeyOptions = z.object({
  scopes: z
    .array(z.enum(SCOPES, { error: `cada permiso debe ser uno de: ${SCOPES.join(', ')}` }))
    .min(1, 'scopes no puede estar vacío')
    .transform((scopes) => [...new Set(scopes)])
    .optional(),
  environment: z.enum(['test', 'live'], { error: 'environment debe ser test o live' }).optional(),
});

export const CreateTenant = z.object({
  name: z.string({ error: 'name es obligatorio' }).trim().min(1, 'name no puede estar vacío').max(200, 'name admite hasta 200 caracteres'),
  status: z.enum(['active', 'pending'], { error: 'status debe ser active o pending' }).default('active'),
  keys: z.array(KeyOptions).max(20, 'como máximo 20 claves por llamada').default([{}]),
});

/**
 * Deletes a tenant with its data here and its records on the platforms, while the world stands
 * still. Shared by the control API and the dashboard.
 */
export function createWorldDeletion(deps: Deps, services: Services) {
  const purge = createTenantPurge(deps.db);
  return async (res: Response, id: string): Promise<void> => {
    if (!services.tenants.store.getTenant(id)) throw notFound('El tenant');
    await services.world.alone(res, async () => {
      purge(id);
      await deps.simulators.deleteFleet(id);
    });
  };
}

/**
 * Tenants and keys over HTTP (contract §4), so a test container that does not share the disk makes
 * its own worlds. A tenant is a world: deleting one removes its data here and on the platforms.
 */
export function tenantsControl(deps: Deps, services: Services): Router {
  const router = Router();
  const tenants = services.tenants;
  const deleteWorld = createWorldDeletion(deps, services);
  const tenantId = (value: unknown) => pathId(value, 'El tenant');

  router.post('/tenants', (req, res) => {
    const body = parseJsonBody(CreateTenant, req);
    const created = tenants.createTenantWithKeys(body.name, body.status, body.keys);
    res.status(201).json({
      id: created.id, name: created.name, status: created.status,
      keys: created.keys.map((k) => ({ id: k.id, key: k.key, prefix: k.prefix, scopes: k.scopes, environment: k.environment })),
    });
  });

  router.get('/tenants', (_req, res) => {
    const data = tenants.store.listTenants().map((t) => ({
      id: t.id, name: t.name, status: t.status, now: deps.clocks.forTenant(t.id).now().toISOString(), createdAt: t.created_at,
    }));
    res.json({ data });
  });

  router.post('/tenants/:id/approve', (req, res) => {
    const tenant = tenants.approveTenant(tenantId(req.params.id));
    res.json({ id: tenant.id, status: tenant.status });
  });

  router.delete('/tenants/:id', async (req, res) => {
    const id = tenantId(req.params.id);
    await deleteWorld(res, id);
    res.json({ id, deleted: true });
  });

  router.post('/tenants/:id/keys', (req, res) => {
    const id = tenantId(req.params.id);
    if (!tenants.store.getTenant(id)) throw notFound('El tenant');
    const body = parseJsonBody(KeyOptions, req);
    const key = tenants.createKey(id, body.scopes, body.environment);
    res.status(201).json({ id: key.id, key: key.key, prefix: key.prefix, scopes: key.scopes, environment: key.environment });
  });

  router.get('/tenants/:id/keys', (req, res) => {
    res.json({ data: tenants.listKeys(tenantId(req.params.id)) });
  });

  router.post('/keys/:id/revoke', (req, res) => {
    res.json(tenants.revokeKey(pathId(req.params.id, 'La clave de API')));
  });

  return router;
}
