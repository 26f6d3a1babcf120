import { Router } from 'express';

export const API_VERSION = '1.0.0';

export function healthRouter(): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', version: API_VERSION });
  });
  return router;
}

export function meRouter(): Router {
  const router = Router();
  router.get('/me', (req, res) => {
    const { tenantId, tenantName, keyId, keyPrefix, scopes, environment } = req.auth;
    res.json({ tenantId, tenantName, keyId, keyPrefix, scopes, environment });
  });
  return router;
}
