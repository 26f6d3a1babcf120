import { defineOperation } from '../openapi/index.ts';
import { listCities } from './cities.ts';
import { listColors } from './colors.ts';
import { CatalogList } from './response-schema.ts';

/** Catalogs need only a valid key (contract §3). Served and documented from these declarations. */
export const catalogOperations = [
  defineOperation({
    method: 'get', path: '/v1/catalog/platform_a/cities', operationId: 'listPlatformACities', tags: ['Catalog'], scope: 'key',
    summary: 'Ciudades válidas para registrar un vehículo en platform_a',
    responses: { 200: CatalogList },
    handler: (_req, res) => {
      res.json({ data: listCities() });
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/catalog/platform_a/colors', operationId: 'listPlatformAColors', tags: ['Catalog'], scope: 'key',
    summary: 'Colores válidos de vehículo (lista fija)',
    description: 'Un nombre de color se reconoce sin importar mayúsculas ni acentos y con sinónimos claros; un nombre genérico con dos variantes se toma como la clara.',
    responses: { 200: CatalogList },
    handler: (_req, res) => {
      res.json({ data: listColors() });
    },
  }),
];
