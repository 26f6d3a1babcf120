import { z } from 'zod';
import { dataListOf, type Assert, type Equals } from '../openapi/index.ts';
import type { City } from './cities.ts';
import type { Color } from './colors.ts';

export const CatalogItem = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CatalogItem' });
export const CatalogList = dataListOf(CatalogItem, 'CatalogList');

export type CatalogItemMatchesCities = Assert<Equals<z.output<typeof CatalogItem>, City>>;
export type CatalogItemMatchesColors = Assert<Equals<z.output<typeof CatalogItem>, Color>>;
