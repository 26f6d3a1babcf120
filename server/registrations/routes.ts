import { Router } from 'express';
import { z } from 'zod';
import { requireScope } from '../auth/authenticate.ts';
import { pathId, Platform } from '../common/schemas.ts';
import { notFound } from '../http/errors.ts';
import { parseJsonBody } from '../http/parse.ts';
import type { RegistrationService } from './service.ts';

export const RegisterBody = z.object({ platform: Platform });

/** A platform segment that is not one of the two names no registration: 404 like an absent resource. */
function pathPlatform(value: unknown): Platform {
  const parsed = Platform.safeParse(value);
  if (!parsed.success) throw notFound('La plataforma');
  return parsed.data;
}

export function registrationsRouter(registrations: RegistrationService): Router {
  const router = Router();
  const vehicleId = (v: unknown) => pathId(v, 'El vehículo');

  router.post('/vehicles/:id/registrations', requireScope('vehicles:write'), async (req, res) => {
    const id = vehicleId(req.params.id);
    // 404 before 400 (docs/decisions.md, order of checks): another tenant's vehicle never reveals body rules.
    registrations.requireVehicle(req.auth.tenantId, id);
    const { platform } = parseJsonBody(RegisterBody, req);
    const { created, registration } = await registrations.register(req.auth.tenantId, id, platform);
    res.status(created ? 201 : 200).json(registration);
  });

  router.get('/vehicles/:id/registrations', requireScope('vehicles:read'), (req, res) => {
    res.json({ data: registrations.list(req.auth.tenantId, vehicleId(req.params.id)) });
  });

  router.get('/vehicles/:id/registrations/:platform', requireScope('vehicles:read'), (req, res) => {
    const id = vehicleId(req.params.id);
    res.json(registrations.get(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  });

  router.post('/vehicles/:id/registrations/:platform/refresh', requireScope('vehicles:write'), async (req, res) => {
    const id = vehicleId(req.params.id);
    res.json(await registrations.refresh(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  });

  return router;
}
