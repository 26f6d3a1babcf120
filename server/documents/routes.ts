import { Router } from 'express';
import { requireScope } from '../auth/authenticate.ts';
import { pathId } from '../common/schemas.ts';
import type { createDocumentService } from './service.ts';
import { readUpload } from './upload.ts';

export function documentsRouter(documents: ReturnType<typeof createDocumentService>): Router {
  const router = Router();

  router.post('/vehicles/:id/documents', requireScope('documents:write'), async (req, res) => {
    const id = pathId(req.params.id, 'El vehículo');
    const upload = await readUpload(req);
    res.status(201).json(await documents.upload(req.auth.tenantId, id, upload));
  });

  router.get('/vehicles/:id/documents', requireScope('vehicles:read'), (req, res) => {
    res.json({ data: documents.list(req.auth.tenantId, pathId(req.params.id, 'El vehículo')) });
  });

  return router;
}
