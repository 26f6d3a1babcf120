import { isIP } from 'node:net';
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
  /** FLEET_RETRY_AFTER_S: the Retry-After of 503s a platform caused (down, slow, failing). */
  retryAfterS: number;
  /** The interface serve binds (FLEET_HOST). */
  host: string;
  /** Guards /_testbed when set (FLEET_CONTROL_TOKEN); unset: loopback callers only. */
  controlToken: string | null;
  /** FLEET_CORS_ORIGINS: allowed browser origins, `*` for any, null for no CORS. */
  corsOrigins: string[] | '*' | null;
  /** Where CLI commands find a running serve: FLEET_URL, else loopback on PORT. */
  serveUrl: string;
  /** FLEET_JOURNAL_MB: the request journal's memory bound; 0 turns it off. */
  journalMb: number;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_RATE_LIMIT = 50;
/** FLEET_JOURNAL_MB's default: the request journal's memory bound. */
export const DEFAULT_JOURNAL_MB = 64;
export const DEFAULT_RETRY_AFTER_S = 5;
export const DEFAULT_PLATFORM_TIMEOUT_MS = 2000;

/** The highest TCP port: a PORT past it would fail in node's own (English) words at listen. */
const MAX_PORT = 65_535;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const whole = /^-?\d+$/.test(raw);
  const n = Number(raw);
  if (!whole || n < min || n > max) throw new Error(`${name} debe ser ${integerRule(min, max, whole)} (recibido: ${raw})`);
  return n;
}

/** The rule broken, in words: a seed's safe-integer bounds only for a value past them (they read as noise otherwise). */
const integerRule = (min: number, max: number, anInteger: boolean): string =>
  max !== Number.MAX_SAFE_INTEGER || (anInteger && min === Number.MIN_SAFE_INTEGER) ? `un número entero entre ${min} y ${max}`
    : min === Number.MIN_SAFE_INTEGER ? 'un número entero' : `un número entero ≥ ${min}`;

/** The one place that reads the environment (contract §1). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clockStart = env.FLEET_CLOCK_START || null;
  if (clockStart !== null && Number.isNaN(Date.parse(clockStart))) {
    throw new Error(`FLEET_CLOCK_START debe ser una fecha-hora ISO (recibido: ${clockStart})`);
  }
  const port = integer(env, 'PORT', 3000, 0, MAX_PORT);
  const simPort = integer(env, 'FLEET_SIM_PORT', 0, 0, MAX_PORT);
  // The simulators listen first: the API's "port in use" then blamed PORT, which was not the one to change.
  if (simPort !== 0 && simPort === port) throw new Error(`FLEET_SIM_PORT y PORT no pueden ser el mismo puerto (${port}): los simuladores y la API escuchan cada uno en el suyo; cambia FLEET_SIM_PORT o déjalo sin definir`);
  return {
    port,
    dataDir: resolve(env.FLEET_DATA_DIR || './data'),
    seed: integer(env, 'FLEET_SEED', DEFAULT_SEED, Number.MIN_SAFE_INTEGER),
    clockStart,
    rateLimit: integer(env, 'FLEET_RATE_LIMIT', DEFAULT_RATE_LIMIT),
    simPort,
    platformTimeoutMs: integer(env, 'FLEET_PLATFORM_TIMEOUT_MS', DEFAULT_PLATFORM_TIMEOUT_MS, 1),
    retryAfterS: integer(env, 'FLEET_RETRY_AFTER_S', DEFAULT_RETRY_AFTER_S),
    host: host(env.FLEET_HOST),
    controlToken: controlToken(env.FLEET_CONTROL_TOKEN),
    corsOrigins: corsOrigins(env.FLEET_CORS_ORIGINS),
    serveUrl: serveUrl(env.FLEET_URL, port),
    journalMb: integer(env, 'FLEET_JOURNAL_MB', DEFAULT_JOURNAL_MB),
  };
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function host(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '127.0.0.1';
  if (isIP(raw) || HOSTNAME.test(raw)) return raw;
  throw new Error(`FLEET_HOST debe ser una dirección IP o un nombre de host, p. ej. 0.0.0.0 (recibido: ${raw})`);
}

/** 127.0.0.0/8, ::1 and localhost: the hosts another machine cannot reach. */
export function isLoopbackHost(value: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|localhost)$/i.test(value);
}

/** A guessable or a partner's secret would open the control API to whoever holds it. */
const MIN_TOKEN_LENGTH = 16;

function controlToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < MIN_TOKEN_LENGTH || /\s/.test(raw)) {
    throw new Error(`FLEET_CONTROL_TOKEN debe tener al menos ${MIN_TOKEN_LENGTH} caracteres y ningún espacio`);
  }
  // It travels in an Authorization header: an accent or a € there is sent as UTF-8 by curl, refused
  // by Node's HTTP client (the CLI's), and never equal to what serve read from its environment.
  if (!/^[\x21-\x7e]+$/.test(raw)) {
    throw new Error('FLEET_CONTROL_TOKEN solo admite letras sin acento, dígitos y signos ASCII (viaja en una cabecera HTTP): sin ñ, acentos ni €');
  }
  // Not only a key itself: anything spelled like one (`fk_…`) would be read as a key by whoever sees it.
  if (/^fk_/i.test(raw)) throw new Error('FLEET_CONTROL_TOKEN no puede empezar por fk_, como una clave de API de socio');
  return raw;
}

function corsOrigins(raw: string | undefined): string[] | '*' | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.trim() === '*') return '*';
  return raw.split(',').map((item) => {
    const origin = item.trim().replace(/\/$/, '');
    if (!/^https?:\/\/[^/?#\s]+$/.test(origin) || !URL.canParse(origin)) {
      throw new Error(`FLEET_CORS_ORIGINS: "${item.trim()}" no es un origen, p. ej. http://localhost:5173 (o * para cualquiera)`);
    }
    // Browsers send the origin lower-cased and without a default port: compare in that form.
    return new URL(origin).origin;
  });
}

function serveUrl(raw: string | undefined, port: number): string {
  if (raw === undefined || raw === '') return `http://127.0.0.1:${port}`;
  if (!/^https?:\/\//.test(raw) || !URL.canParse(raw)) {
    throw new Error(`FLEET_URL debe ser una URL http(s), p. ej. http://testbed:3000 (recibido: ${raw})`);
  }
  // Every call's path goes after it: a query (a token put there) or a fragment sent them elsewhere ("La ruta GET / no existe").
  // Said by the text: a bare `?` or `#` leaves URL's search and hash empty.
  if (/[?#]/.test(raw)) {
    throw new Error(`FLEET_URL no lleva ? ni #: solo el origen y, si hace falta, una ruta, p. ej. http://testbed:3000 (el token de control va en FLEET_CONTROL_TOKEN)`);
  }
  return raw.replace(/\/+$/, '');
}

/** serve refuses to open the control API to another machine without a token (contract §4). */
export function serviceModeProblem(config: Config): string | null {
  if (isLoopbackHost(config.host) || config.controlToken !== null) return null;
  return `FLEET_HOST=${config.host} expone el testbed fuera de este equipo: define FLEET_CONTROL_TOKEN (${MIN_TOKEN_LENGTH} caracteres o más, p. ej. $(openssl rand -hex 24)) para proteger /_testbed`;
}

export const apiDatabaseFile = (dataDir: string) => join(dataDir, 'api.db');
