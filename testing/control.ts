/**
 * A thin caller of the control API (`/_testbed`, docs/control-api.md): JSON in, JSON out, and an
 * error answer thrown as a TestbedError carrying the API's own Spanish message and code.
 */

/**
 * `require` and `import` load two copies of the class (the CommonJS bundle and the ES module): a
 * mark both copies know by name keeps `instanceof` true across them, for an error thrown by a
 * CommonJS helper and checked in an ES test file (the dual-package hazard).
 */
const BRAND = Symbol.for('fleet-testbed.TestbedError');

/** An error answered by the testbed, in the API's envelope: `code` is one of spec §7's codes. */
export class TestbedError extends Error {
  static [Symbol.hasInstance](value: unknown): value is TestbedError {
    // A subclass a user makes keeps the usual check: only TestbedError itself, whose own method this
    // is, goes by the mark. (Not `this !== TestbedError`: the CommonJS bundle then renames the class.)
    if (!Object.hasOwn(this, Symbol.hasInstance)) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly code: string;
  readonly status: number;
  readonly details: unknown[];
  readonly requestId: string | null;

  constructor(status: number, envelope: { code?: string; message?: string; details?: unknown[]; requestId?: string } | undefined) {
    super(envelope?.message ?? `el testbed respondió ${status}`);
    this.name = 'TestbedError';
    this.status = status;
    this.code = envelope?.code ?? 'INTERNAL';
    this.details = envelope?.details ?? [];
    this.requestId = envelope?.requestId ?? null;
  }
}
// On the prototype, not on each error: nothing more in a failed test's printout.
Object.defineProperty(TestbedError.prototype, BRAND, { value: true });

export type ControlCall = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<T>;

/** Codes of a connection that never opened, each in words (fetch's own, "fetch failed", says none of it). */
const NOT_LISTENING: Record<string, string> = {
  // Also what a runner's other workers meet once a signal to the runner alone made the library stop serve.
  ECONNREFUSED: 'nadie escucha en ese puerto (¿está en marcha el serve, o lo detuvo el proceso que lo inició, al terminar o por una señal?)',
  ENOTFOUND: 'el nombre del host no se resuelve',
  EAI_AGAIN: 'el nombre del host no se resuelve ahora (DNS)',
  EHOSTUNREACH: 'el host no es alcanzable',
  ENETUNREACH: 'la red no es alcanzable',
  ETIMEDOUT: 'el host no respondió al conectar',
  UND_ERR_CONNECT_TIMEOUT: 'el host no respondió al conectar',
};
/** What fetch says, with no code, of a port the Fetch standard blocks (1, 6000, 10080…). */
const BAD_PORT = 'bad port';

/**
 * Why a call got no answer: a port fetch will not call, nothing listening (and why), or a testbed
 * that closed the connection under it (stopped mid-call: a runner's teardown while other files
 * still ran), which "nothing listens" misnamed.
 */
function unreached(url: string, err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  if (code === undefined && cause?.message === BAD_PORT) {
    return `fetch no llama a ${url}: su puerto es de los que bloquea el estándar Fetch (1, 6000, 10080…); sirve el testbed en otro`;
  }
  if (code !== undefined && !Object.hasOwn(NOT_LISTENING, code)) return `el testbed de ${url} cerró la conexión sin responder (¿se detuvo?; ${code})`;
  const why = code !== undefined ? NOT_LISTENING[code] : `la conexión no se abrió (${cause?.message ?? (err as Error).message})`;
  return `no hay un testbed escuchando en ${url}: ${why}`;
}

/** Calls `${url}/_testbed${path}`, with the control token when there is one. */
export function controlCaller(url: string, token?: string): ControlCall {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${url}/_testbed${path}`, {
        method,
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new Error(unreached(url, err), { cause: err });
    }
    const answer = (await res.json().catch(() => null)) as { error?: ConstructorParameters<typeof TestbedError>[1] } | null;
    // A testbed's refusals always come in its envelope: without one, something else answered.
    const notTestbed = `${method} ${url}/_testbed${path} respondió ${res.status} sin el sobre de error de un testbed: ¿es ${url} un fleet testbed?`;
    if (!res.ok) throw new TestbedError(res.status, answer?.error?.code === undefined ? { message: notTestbed } : answer.error);
    return answer as T;
  };
}

export type Platform = 'platform_a' | 'platform_b';
export type Scope = 'vehicles:read' | 'vehicles:write' | 'drivers:read' | 'drivers:write' | 'documents:write' | 'rides:read';

export interface CreatedTenant {
  id: string;
  name: string;
  status: 'active' | 'pending';
  keys: { id: string; key: string; prefix: string; scopes: Scope[]; environment: 'test' | 'live' }[];
  fixture?: { vehicleIds: string[]; driverIds: string[]; assignmentIds: string[] };
}

export interface PlatformGenerated {
  vehicles: number;
  generatedRides: number;
  rides: number;
  dailyEarnings: number;
}

export interface GeneratedRides {
  tenantId: string;
  from: string;
  to: string;
  /** The last day generated: `to`, or the world's today when the window went past it. */
  generatedTo: string;
  platforms: Record<Platform, PlatformGenerated>;
}

export interface Coverage {
  covered: number;
  total: number;
  transitions: { machine: string; from: string; to: string; count: number }[];
}

export interface PlatformView {
  vehicles: { vehicleId: string; status: string }[];
  drivers: { driverId: string; status: string }[];
  bindings: { vehicleId: string; driverId: string; boundAt: string }[];
}
