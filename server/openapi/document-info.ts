import type { oas31 } from 'zod-openapi';
import { readConfig } from '../config.ts';
import { packageManifest } from '../lib/package-manifest.ts';

/**
 * What both documents (the partner API's and the control API's) say about where they are served
 * and under which licence; docs/decisions.md has the reasons.
 */

const license = packageManifest().license ?? 'UNLICENSED';

/** The package's licence (an SPDX id in package.json), so the documents cannot disagree with it. */
export const LICENSE: oas31.LicenseObject = { name: license, identifier: license };

/** Where `serve` listens when nothing is configured (PORT, FLEET_HOST): the defaults of readConfig. */
const defaults = readConfig({});

/**
 * First the origin that serves the document (paths carry their `/v1` or `/_testbed` prefix), so
 * /docs and any tool that reads the document from a running serve call that same serve, whatever
 * its host, port or proxy. Then the local serve as a URL template, for tools that read a file
 * (`fleet-sim openapi --out`) and cannot resolve a relative URL.
 */
export const SERVERS: oas31.ServerObject[] = [
  { url: '/', description: 'El mismo origen que sirve este documento.' },
  {
    url: 'http://{host}:{port}',
    description: '`fleet-sim serve` en esta máquina (FLEET_HOST, PORT).',
    variables: {
      host: { default: defaults.host, description: 'FLEET_HOST, o el nombre con el que se alcanza el servicio.' },
      port: { default: String(defaults.port), description: 'PORT.' },
    },
  },
];

/** Each tag of the partner document with what its operations are for. */
export const TAGS: Record<string, string> = {
  Account: 'Estado del servicio y la clave con la que se llama: tenant, entorno y permisos.',
  Catalog: 'Listas fijas de platform_a: ciudades y colores válidos para registrar un vehículo.',
  Vehicles: 'Los vehículos de la flota: alta, consulta y cambios (el color queda fijo mientras platform_a lo tiene registrado).',
  Registrations: 'El registro de un vehículo en cada plataforma: asíncrono en platform_a (revisión), inmediato en platform_b.',
  Documents: 'La tarjeta de circulación del vehículo, que platform_a revisa.',
  Drivers: 'Los conductores de la flota y su WhatsApp, único en todo el servicio.',
  Invitations: 'La invitación de un conductor a cada plataforma; en platform_a la acepta el conductor en la app.',
  Assignments: 'Qué conductor maneja qué vehículo, y cómo va su reflejo en las plataformas (platformSync).',
  Batches: 'Registros e invitaciones por lotes (1 a 500 ids) y el trabajo que los procesa.',
  Rides: 'Los viajes ingeridos de cada plataforma, de solo lectura.',
  Earnings: 'Ganancias diarias y su resumen por plataforma; las métricas de platform_b se asientan hasta 16 días.',
};
