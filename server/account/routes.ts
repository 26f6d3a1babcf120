import type { Router } from 'express';
import type { RouteTable } from '../http/v1-routes.ts';

export const API_VERSION = '1.0.0';

/** `GET /v1/health`, without a key: registered on the app itself, before the /v1 gate (app.ts). */
export function healthRoutes(app: Router): void {
  app.get('/v1/health', (_req, res) => {
    res.json({ status: 'ok', version: API_VERSION });
  });
}

export function meRoutes(router: RouteTable): void {
  router.get('/me', (req, res) => {
    const { tenantId, tenantName, keyId, keyPrefix, scopes, environment } = req.auth;
    res.json({ tenantId, tenantName, keyId, keyPrefix, scopes, environment });
  });
}
