import { TestbedError, type ControlCall } from './control.ts';
import { refuseUnknown } from './known-options.ts';
import type { NotSynced } from './world.ts';
import { BAD_SNAPSHOT_NAME_DETAIL, badSnapshotName, SNAPSHOT_NAME } from '../server/snapshots/files.ts';
import { MAGIC_BY_KIND, type MagicPlatePrefix, type MagicWhatsappEnding } from '../server/lib/magic-values.ts';

/** `createWorld({fixture})`: a populated world in the same call (contract §5, "Fixtures"; limits in docs/testing.md). */
export interface Fixture {
  /** Vehicles with unique plates and VINs, catalog colours and cities (0..500). */
  vehicles?: number;
  /** Drivers with unique WhatsApp numbers (0..500). */
  drivers?: number;
  /** Each vehicle registered and approved on these platforms. */
  registeredOn?: ('platform_a' | 'platform_b')[];
  /** Each driver invited, accepted and approved on platform_a. */
  boundOn?: 'platform_a'[];
  /** Driver i assigned to vehicle i, `platformSync: synced`. */
  assigned?: boolean;
  /** Rides and daily earnings of the N whole days before the world's today, ingested (0..366). */
  rideDays?: number;
}

/** The ids a fixture made, in order: driver i is assigned to vehicle i. */
export interface FixtureIds {
  vehicleIds: string[];
  driverIds: string[];
  assignmentIds: string[];
}

export interface WorldSnapshotInfo {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

/**
 * Values no other world of the testbed has been given, valid for the spec's patterns; never a magic
 * value of the simulators (README «Magic values») unless asked for one: `plate({ startingWith: 'RB' })`
 * (RJ, RC, RB, FB), `whatsapp({ endingWith: '0002' })` (0001..0004; 7 of each ending per world).
 */
export interface UniqueValues {
  plate(options?: { startingWith?: MagicPlatePrefix }): Promise<string>;
  vin(): Promise<string>;
  whatsapp(options?: { endingWith?: MagicWhatsappEnding }): Promise<string>;
}

/** What a world's restore clears besides (neither is part of a snapshot). */
export interface RestoreOptions {
  clearFaults?: boolean;
  clearRequests?: boolean;
}
const RESTORE_OPTIONS: readonly (keyof RestoreOptions)[] = ['clearFaults', 'clearRequests'];

/** What a world adds for a suite's shared setup: its snapshots and its unique values. */
export interface WorldSetup {
  /** Saves this world alone (its data, platform records, clock, jobs and keys) under `name` (`[a-z0-9-]{1,64}`). */
  snapshot(name: string): Promise<{ name: string; tenant: string; createdAt: string }>;
  /**
   * This world as at the snapshot; every other world goes on untouched. A snapshot holds neither the
   * world's fault rules nor its journal: `clearFaults` clears the rules (and platform faults) before
   * the restore, `clearRequests` the journal after it, in the same call (the recommended pattern's
   * `beforeEach`). A refused restore (404, 409) clears nothing. `notSynced`: what of the days the
   * world went through since the save (the service time moved) could not be read from the platforms
   * (a platform fault of the world, say), as an advance answers it; empty when all was read.
   */
  restore(name: string, options?: RestoreOptions): Promise<{ name: string; now: string; notSynced: NotSynced[]; cleared?: { faults?: number; requests?: number } }>;
  /** This world's snapshots, newest first. */
  snapshots(): Promise<WorldSnapshotInfo[]>;
  deleteSnapshot(name: string): Promise<void>;
  unique: UniqueValues;
}

/**
 * A snapshot name the serve would refuse, refused before any call, with the serve's message and
 * detail: in a URL, `.` and `..` would be path steps (another route), and a save or a restore of the
 * world or of the whole testbed is refused alike (docs/testing.md, "Errors").
 */
export function checkedSnapshotName(name: string): string {
  // Not tested as text: `undefined` would pass the pattern as the word, and be looked for by that name.
  if (typeof name !== 'string') {
    const message = name === undefined || name === null ? 'name es obligatorio, p. ej. antes-de-pagar' : 'name debe ser texto, p. ej. antes-de-pagar';
    throw new TestbedError(400, { code: 'VALIDATION', message: `La solicitud no es válida (${message}).`, details: [{ field: 'name', message }] });
  }
  if (!SNAPSHOT_NAME.test(name)) throw new TestbedError(400, { code: 'VALIDATION', message: badSnapshotName(name), details: [BAD_SNAPSHOT_NAME_DETAIL] });
  return name;
}

export function worldSetup(call: ControlCall, tenantId: string): WorldSetup {
  const base = `/tenants/${encodeURIComponent(tenantId)}`;
  const named = (name: string) => `${base}/snapshots/${checkedSnapshotName(name)}`;
  const draw = async (kind: 'plate' | 'vin' | 'whatsapp', options?: object, known: readonly string[] = []) => {
    if (options !== undefined) refuseUnknown(`unique.${kind}`, options, known);
    return (await call<{ value: string }>('POST', `${base}/unique/${kind}`, options)).value;
  };
  return {
    snapshot: async (name) => call('POST', `${base}/snapshots`, { name: checkedSnapshotName(name) }),
    restore: async (name, options) => {
      // `null` is refused as any other non-object (it reached the testbed as a body of null).
      refuseUnknown('restore', options === undefined ? {} : options, RESTORE_OPTIONS);
      return call('POST', `${named(name)}/restore`, options);
    },
    snapshots: async () => (await call<{ data: WorldSnapshotInfo[] }>('GET', `${base}/snapshots`)).data,
    deleteSnapshot: async (name) => void (await call('DELETE', named(name))),
    unique: {
      plate: (options) => draw('plate', options, [MAGIC_BY_KIND.plate.field]),
      // Typed to take nothing; from JavaScript an argument is refused as plate's and whatsapp's unknown
      // options are, not drawn as if it were not there (a VIN has no magic values to ask for).
      vin: (...given: unknown[]) => draw('vin', given[0] as object | undefined),
      whatsapp: (options) => draw('whatsapp', options, [MAGIC_BY_KIND.whatsapp.field]),
    },
  };
}
