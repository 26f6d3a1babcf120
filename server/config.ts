import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  dataDir: string;
  seed: number;
  clockStart: string | null;
  /** Requests per second per key; 0 turns limiting off. */
  rateLimit: number;
  simPort: number;
  platformTimeoutMs: number;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_RATE_LIMIT = 50;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw) || Number(raw) < min) throw new Error(`${name} debe ser un número entero ≥ ${min} (recibido: ${raw})`);
  return Number(raw);
}

/** The one place that reads the environment (contract §1). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clockStart = env.FLEET_CLOCK_START || null;
  if (clockStart !== null && Number.isNaN(Date.parse(clockStart))) {
    throw new Error(`FLEET_CLOCK_START debe ser una fecha-hora ISO (recibido: ${clockStart})`);
  }
  return {
    port: integer(env, 'PORT', 3000),
    dataDir: resolve(env.FLEET_DATA_DIR || './data'),
    seed: integer(env, 'FLEET_SEED', DEFAULT_SEED, Number.MIN_SAFE_INTEGER),
    clockStart,
    rateLimit: integer(env, 'FLEET_RATE_LIMIT', DEFAULT_RATE_LIMIT),
    simPort: integer(env, 'FLEET_SIM_PORT', 0),
    platformTimeoutMs: integer(env, 'FLEET_PLATFORM_TIMEOUT_MS', 2000, 1),
  };
}

export const apiDatabaseFile = (dataDir: string) => join(dataDir, 'api.db');
