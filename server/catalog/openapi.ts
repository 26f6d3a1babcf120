import { defineOperation } from '../openapi/index.ts';
import { CatalogList } from './response-schema.ts';

export const catalogOperations = [
  defineOperation({
    method: 'get', path: '/v1/catalog/platform_a/cities', operationId: 'listPlatformACities', tag: 'Catalog', access: 'key',
    summary: 'Ciudades válidas para registrar un vehículo en platform_a',
    responses: { 200: CatalogList },
  }),
  defineOperation({
    method: 'get', path: '/v1/catalog/platform_a/colors', operationId: 'listPlatformAColors', tag: 'Catalog', access: 'key',
    summary: 'Colores válidos de vehículo (lista fija)',
    description: 'Un nombre de color se reconoce sin importar mayúsculas ni acentos y con sinónimos claros; un nombre genérico con dos variantes se toma como la clara.',
    responses: { 200: CatalogList },
  }),
];
