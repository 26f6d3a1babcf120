import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { pathId, pathPlatform, PlatformBody } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import type { InvitationService } from './service.ts';

export const InviteBody = PlatformBody;

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function invitationsRoutes(router: RouteTable, invitations: InvitationService): void {
  const driverId = (v: unknown) => pathId(v, 'El conductor');

  router.post('/drivers/:id/invitations', withScope('drivers:write', async (req, res) => {
    const id = driverId(req.params.id);
    // 404 before 400 (docs/decisions.md, order of checks): an absent driver is named whatever the body.
    invitations.requireDriver(req.auth.tenantId, id);
    const { platform } = parseJsonBody(InviteBody, req);
    const { created, invitation } = await invitations.invite(req.auth.tenantId, id, platform);
    res.status(created ? 201 : 200).json(invitation);
  }));

  router.get('/drivers/:id/invitations', withScope('drivers:read', (req, res) => {
    res.json({ data: invitations.list(req.auth.tenantId, driverId(req.params.id)) });
  }));

  router.get('/drivers/:id/invitations/:platform', withScope('drivers:read', (req, res) => {
    const id = driverId(req.params.id);
    res.json(invitations.get(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  }));

  router.post('/drivers/:id/invitations/:platform/refresh', withScope('drivers:write', async (req, res) => {
    const id = driverId(req.params.id);
    res.json(await invitations.refresh(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  }));

  router.delete('/drivers/:id/invitations/:platform', withScope('drivers:write', async (req, res) => {
    const id = driverId(req.params.id);
    res.json(await invitations.cancel(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  }));
}
