import { apiDatabaseFile, type Config } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { loadClock } from '../../server/lib/clock-store.ts';
import { createClocks } from '../../server/lib/clocks.ts';
import { createSeededIds } from '../../server/lib/ids.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { keySalt, keySaltAgainstServe } from '../../server/auth/key-salt.ts';
import { notedSeed } from '../../server/lib/serve-seed.ts';
import { cliConfig } from '../environment.ts';
import { CliError } from '../output.ts';
import { AppError } from '../../server/errors.ts';

export type TenantService = ReturnType<typeof createTenantService>;

/**
 * Tenants and keys are written straight to the data dir, so they work with or without a running
 * serve. `seedGiven`: FLEET_SEED was set for this command (else the seed is the data dir's serve's).
 */
export function openTenantService(config: Config, seedGiven: boolean): { db: Db; tenants: TenantService } {
  const db = openDatabase(apiDatabaseFile(config.dataDir));
  const clocks = createClocks(db, loadClock(db, config.clockStart));
  // The serve's token, as serve mixes it into key secrets (lib/ids.ts): the same keys from either door.
  const salt = keySalt(config.controlToken);
  const served = notedSeed(db);
  const seed = served !== undefined && !seedGiven ? served : config.seed;
  const ids = createSeededIds(db, seed, salt);
  const against = keySaltAgainstServe(db, salt);
  const keyed = against === 'same' ? ids : { ...ids, keySecretBytes: (): never => { throw otherToken(against, config.controlToken); } };
  // Reads go on; what would draw an id or a key another serve's seed would not give is refused.
  const refused = (): never => { throw otherSeed(served!, seed); };
  const drawn = served === undefined || served === seed ? keyed : { inWorld: refused, forName: refused, keySecretBytes: refused };
  return { db, tenants: createTenantService({ db, clocks, ids: drawn }) };
}

/** The CLI was given a FLEET_SEED other than the one the data dir's last serve ran with. */
const otherSeed = (served: number, given: number): CliError => new CliError(
  `El último serve de este directorio de datos se arrancó con FLEET_SEED=${served}, no ${given}: quita FLEET_SEED aquí o usa el suyo (los ids y las claves saldrían distintos de los del serve).`,
  'CONFLICT');

/** A key the CLI would draw otherwise than this data dir's last serve (run without its token, with another, or with one it had not). */
const otherToken = (against: 'serve had none' | 'serve had another', token: string | null): CliError => new CliError(
  against === 'serve had none'
    ? 'El último serve de este directorio de datos se arrancó sin FLEET_CONTROL_TOKEN: quítalo aquí para crear claves desde la CLI (saldrían distintas de las del serve).'
    : token
      ? 'El último serve de este directorio de datos se arrancó con otro FLEET_CONTROL_TOKEN: define el suyo para crear claves desde la CLI.'
      : 'El último serve de este directorio de datos se arrancó con FLEET_CONTROL_TOKEN: defínelo también aquí para crear claves desde la CLI (sin él, la clave saldría de la semilla, que no es secreta).',
  'FORBIDDEN');

/**
 * One service call on the data dir, closed however it ends. A tenant or key not found in a data dir
 * that holds no tenant at all (a mistyped FLEET_DATA_DIR, made by this very call; a serve's has its
 * demo tenant) says so: the id may be right, the place is not.
 */
export function withTenantService<T>(use: (tenants: TenantService) => T, config: Config = cliConfig()): T {
  const { db, tenants } = openTenantService(config, (process.env.FLEET_SEED ?? '') !== '');
  try {
    return use(tenants);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'NOT_FOUND' || tenants.store.listTenants().length > 0) throw err;
    throw new CliError(`${err.message} El directorio de datos ${config.dataDir} no tiene ningún tenant: ¿apunta FLEET_DATA_DIR al de tu serve?`, err.code);
  } finally {
    db.close();
  }
}
