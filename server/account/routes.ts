import type { Router } from 'express';
import type { RouteTable } from '../http/v1-routes.ts';

export const API_VERSION = '1.0.0';

export const HEALTH_PATH = '/v1/health';

/** `GET /v1/health`, without a key: registered on the app itself; the /v1 gate lets it through (app.ts). */
export function healthRoutes(app: Router): void {
  app.get(HEALTH_PATH, (_req, res) => {
    res.json({ status: 'ok', version: API_VERSION });
  });
}

export function meRoutes(router: RouteTable): void {
  router.get('/me', (req, res) => {
    const { tenantId, tenantName, keyId, keyPrefix, scopes, environment } = req.auth;
    res.json({ tenantId, tenantName, keyId, keyPrefix, scopes, environment });
  });
}
