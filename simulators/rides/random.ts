import { sha256 } from '../../server/lib/sha256.ts';
import type { Faker, Randomizer, SimpleFaker } from '@faker-js/faker';
// The base locale's entry: the package's main entry loads every locale (~0.5 s of CPU at each start
// of the simulators), and generation draws numbers and picks only, no localized data.
import { faker as baseFaker } from '@faker-js/faker/locale/base';

/** Faker's class, reached through the one instance that entry exports (it exports no class). */
const FakerClass = baseFaker.constructor as typeof Faker;

/**
 * sfc32, a small fast generator, plugged into faker as its randomizer. Faker's default Mersenne
 * Twister takes about 100 µs to reseed, and generation reseeds once per vehicle-day (180 000 times
 * for 500 vehicles over a year): that alone would cost half a minute. Reseeding sfc32 is four words.
 */
function sfc32(): Randomizer {
  // Faker calls next() detached from the object: the state lives in the closure, not in `this`.
  const s = new Uint32Array(4);
  const next = (): number => {
    const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
    s[3] = (s[3] + 1) >>> 0;
    s[0] = s[1] ^ (s[1] >>> 9);
    s[1] = (s[2] + (s[2] << 3)) >>> 0;
    s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
    s[2] = (s[2] + t) >>> 0;
    return t / 4_294_967_296;
  };
  const seed = (value: number | number[]): void => {
    const words = Array.isArray(value) ? value : [value];
    for (let i = 0; i < 4; i++) s[i] = (words[i] ?? 0) >>> 0;
    // The first outputs of a fresh state are poorly mixed; discarding a few is the usual remedy.
    for (let i = 0; i < 12; i++) next();
  };
  return { next, seed };
}

export type SeededFaker = SimpleFaker;

/**
 * One faker for a whole generation run, reseeded per key (seed, platform, vehicle, day). Keying by
 * what is generated, not drawing from one long stream, makes a vehicle-day the same whatever else is
 * generated before it or in which order.
 */
export function createSeededFaker(seed: number) {
  const faker: SimpleFaker = new FakerClass({ locale: baseFaker.rawDefinitions, randomizer: sfc32() });
  return {
    faker,
    reseed(key: string): SeededFaker {
      const digest = sha256(`${seed}:${key}`);
      faker.seed([digest.readUInt32BE(0), digest.readUInt32BE(4), digest.readUInt32BE(8), digest.readUInt32BE(12)]);
      return faker;
    },
  };
}
