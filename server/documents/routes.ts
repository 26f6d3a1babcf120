import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { pathId } from '../common/schemas.ts';
import type { createDocumentService } from './service.ts';
import { readUpload } from './upload.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function documentsRoutes(router: RouteTable, documents: ReturnType<typeof createDocumentService>): void {

  router.post('/vehicles/:id/documents', withScope('documents:write', async (req, res) => {
    const id = pathId(req.params.id, 'El vehículo');
    // 404 before 400/413/415 (docs/decisions.md): and another tenant's vehicle never makes us read 4 MB.
    documents.requireVehicle(req.auth.tenantId, id);
    const upload = await readUpload(req);
    res.status(201).json(await documents.upload(req.auth.tenantId, id, upload));
  }));

  router.get('/vehicles/:id/documents', withScope('vehicles:read', (req, res) => {
    res.json({ data: documents.list(req.auth.tenantId, pathId(req.params.id, 'El vehículo')) });
  }));
}
