import { createHmac } from 'node:crypto';
import { sha256 } from './sha256.ts';
import type Database from 'better-sqlite3';

export interface IdGenerator {
  /**
   * An id of one world's own stream (a tenant's, a fleet's on the platforms): what it makes, its keys
   * included. A world snapshot keeps the world's counter, so what a test makes after a restore gets
   * the same ids as after the last one, and with them the same reviews and rides, whatever other
   * worlds drew; a key kept from another world never names one of this world's after a reset.
   */
  inWorld(worldId: string): string;
  /**
   * A world's own id, from its name and how many worlds of that name the testbed made before it
   * (a counter of the service's, which a reset and a whole restore put back): worlds made side by
   * side, in another order at each run, each get the id their name gives, and so their own streams.
   */
  forName(name: string): string;
  /**
   * The 32 bytes behind a key's secret (auth/secrets.ts), drawn for its id: the same seed and the
   * same requests give the same keys (contract §2: every answer identical), and a serve guarded by
   * a control token mixes it in, so that who can reach its API but not its token cannot work out a
   * key from the seed, which is no secret.
   */
  keySecretBytes(keyId: string): Buffer;
}

/** The counter of a world's own ids (`IdGenerator.inWorld`), which its purge and its snapshots take with it. */
export const worldIdsCounter = (worldId: string) => `ids:${worldId}`;

/** The counter of the worlds made with one name (`IdGenerator.forName`): the service's, kept when a world goes. */
export const nameCounter = (name: string) => `worlds-named:${sha256(name).toString('hex').slice(0, 32)}`;

/** Shapes 16 bytes of a hash as a version-4 UUID string. */
export function uuidFromHash(input: string): string {
  const b = sha256(input);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  return uuidText(b.subarray(0, 16));
}

/** 16 bytes → the canonical lower-case UUID text. */
export function uuidText(bytes: Uint8Array): string {
  const h = Buffer.from(bytes.buffer, bytes.byteOffset, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A UUID's text (already validated, any case) → its 16 bytes. */
export const uuidBytes = (uuid: string): Buffer => Buffer.from(uuid.replace(/-/g, ''), 'hex');

/**
 * Ids are a hash of the seed and a counter kept in the database, so the same seed and the same
 * sequence of requests give the same ids on a new data dir, and the CLI (another process writing
 * the same file) never draws an id the server already used: the increment is one atomic statement.
 * There is no stream of the service's own: a world's id comes from its name, everything else from
 * its world's stream, so what worlds made side by side draw never depends on their order.
 */
export function createSeededIds(db: Database.Database, seed: number, keySalt = ''): IdGenerator {
  const bump = db.prepare(
    'INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value',
  );
  const draw = (name: string) => uuidFromHash(`${seed}:${name}:${(bump.get(name) as { value: number }).value}`);
  return {
    inWorld: (worldId) => draw(worldIdsCounter(worldId)),
    forName: (name) => uuidFromHash(`${seed}:world:${name}:${(bump.get(nameCounter(name)) as { value: number }).value}`),
    keySecretBytes: (keyId) => createHmac('sha256', `${seed}:${keySalt}`).update(keyId).digest(),
  };
}
