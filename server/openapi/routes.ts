import type { Router } from 'express';
import { notFramed } from '../http/not-framed.ts';
import swaggerUi from 'swagger-ui-express';
import { methodNotAllowed } from '../http/error-handler.ts';
import { CONTROL_OPENAPI_PATH } from '../control/document.ts';
import { openApiDocument } from './document.ts';
import { OPENAPI_PATH } from '../http/v1-routes.ts';

export const DOCS_PATH = '/docs';

/**
 * The document and its interactive documentation, both without a key: they describe the API and
 * reveal no tenant data. Registered on the app itself, after the /v1 API (the /v1 gate lets the
 * document through), where each is one path check for other requests (a router would be entered)...
 */
export function openApiDocumentRoute(app: Router): void {
  app
    .route(OPENAPI_PATH)
    .get((_req, res) => {
      res.json(openApiDocument());
    })
    .all(methodNotAllowed(['GET']));
}

/**
 * ...and the documentation after it. swagger-ui's assets come from swagger-ui-dist
 * in node_modules, so /docs works with no network; the online validator badge is off for the same reason.
 */
export function docsRoutes(router: Router): void {

  // The page loads its assets by relative URL ("./swagger-ui.css"): it must be served under "/docs/".
  router.get(DOCS_PATH, (req, res, next) => {
    if (req.originalUrl.split('?')[0] !== DOCS_PATH) return next();
    res.redirect(301, `${DOCS_PATH}/`);
  });

  // serveFiles keeps the options per router; `serve` + `setup` would share one global across apps.
  router.use(
    DOCS_PATH,
    notFramed,
    swaggerUi.serveFiles(undefined, {
      swaggerUrl: OPENAPI_PATH,
      customSiteTitle: 'Fleet Partner API',
      explorer: true,
      swaggerOptions: {
        // The partner API first; the testbed's control API (contract §4) in the same page's selector.
        urls: [
          { url: OPENAPI_PATH, name: 'Fleet Partner API' },
          { url: CONTROL_OPENAPI_PATH, name: 'API de control del testbed' },
        ],
        'urls.primaryName': 'Fleet Partner API',
        validatorUrl: null,
        docExpansion: 'list',
        displayOperationId: true,
        showExtensions: true,
        persistAuthorization: true,
        defaultModelsExpandDepth: 1,
      },
    }),
    swaggerUi.setup(undefined, {
      swaggerUrl: OPENAPI_PATH,
      customSiteTitle: 'Fleet Partner API',
      explorer: true,
      // swagger-ui-express appends customCss to its own rule as is: unset, it writes "undefined" there.
      customCss: '',
    }),
  );
}
