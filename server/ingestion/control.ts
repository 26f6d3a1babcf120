import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { parseJsonBody } from '../http/parse.ts';
import { z } from 'zod';
import { answer } from '../control/answers.ts';
import { Id } from '../openapi/schemas.ts';
import { GenerateBody } from './generate.ts';
import { WORLD_GENERATION_HEADER } from '../world-snapshots/world-generation.ts';
import type { Assert, Equals } from '../openapi/registry.ts';
import type { PlatformGenerated as PlatformGeneratedCounts } from './generated-counts.ts';

const Count = z.number().int().min(0);
const PlatformGenerated = z
  .object({
    vehicles: Count.meta({ description: 'Los vehículos del tenant activos en la plataforma.' }),
    generatedRides: Count.meta({ description: 'Viajes que produjo esta llamada (los días ya generados se quedan como estaban).' }),
    rides: Count.meta({ description: 'Viajes que la API leyó de la ventana.' }),
    dailyEarnings: Count.meta({ description: 'Filas de ganancias diarias que la API leyó.' }),
  })
  .meta({ id: 'PlatformGenerated' });
// Compile error here means the counts (generated-counts.ts) and their schema no longer agree.
export type PlatformGeneratedMatches = Assert<Equals<z.output<typeof PlatformGenerated>, PlatformGeneratedCounts>>;
const CalendarDay = z.string().meta({ description: 'YYYY-MM-DD, hora de Ciudad de México.' });
const Generated = z
  .object({
    tenantId: Id, from: CalendarDay, to: CalendarDay,
    generatedTo: CalendarDay.meta({ description: 'Hasta qué día se generó: los días posteriores a hoy del mundo aún no ocurrieron.' }),
    platforms: z.object({ platform_a: PlatformGenerated, platform_b: PlatformGenerated }),
  })
  .meta({ id: 'GeneratedRides' });

/** The platforms' rides of past days, produced and ingested on demand (docs/rides.md). */
export const ridesControl: ControlCapability = {
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/rides/generate', operationId: 'generateRides', tags: ['Plataformas'],
      summary: 'Las plataformas producen los viajes de esos días y la API los ingiere',
      description: 'Responde `X-Testbed-World-Generation`, el estado de su mundo: mandado de vuelta con la llamada siguiente (un trabajo en trozos), '
        + 'es 409 CONFLICT si una restauración de ese mundo lo reemplazó entretanto (docs/control-api.md).',
      body: GenerateBody,
      responses: {
        200: answer(Generated, 'Lo producido y lo leído, por plataforma.', z.object({
          'X-Testbed-World-Generation': z.string().meta({ description: 'El estado del mundo en que empezó la llamada: cambia con cada restauración de ese mundo.' }),
        })),
        404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'],
      },
      handler: async (req, res, { services }) => {
        const { worldGeneration, ...generated } = await services.generateWorldRides(parseJsonBody(GenerateBody, req), req.get(WORLD_GENERATION_HEADER));
        res.set(WORLD_GENERATION_HEADER, worldGeneration).json(generated);
      },
    }),
  ],
};
