import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { createSeededIds, uuidFromHash } from '../../server/lib/ids.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** n ids of one world's stream (`world`), on a new database. */
const draw = (seed: number, n: number, world = 'w') => {
  const ids = createSeededIds(openDatabase(':memory:'), seed);
  return Array.from({ length: n }, () => ids.inWorld(world));
};

describe('createSeededIds', () => {
  it('when two fresh databases use the same seed, then they give the same sequence', () => {
    // Arrange / Act
    const a = draw(7, 5);
    const b = draw(7, 5);

    // Assert
    expect(a).toEqual(b);
  });

  it('when the seeds differ, then the sequences share no id', () => {
    const a = draw(7, 20);
    const b = draw(8, 20);

    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it('when many ids are drawn, then all are distinct valid version-4 UUIDs', () => {
    const ids = draw(7, 500);

    expect(new Set(ids).size).toBe(500);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('when the worlds differ, then their sequences differ', () => {
    expect(draw(7, 3, 'a')).not.toEqual(draw(7, 3, 'b'));
  });

  it('when the id n is drawn, then it equals the hash of seed, the world\'s counter and n', () => {
    const ids = draw(42, 3);

    expect(ids).toEqual([1, 2, 3].map((n) => uuidFromHash(`42:ids:w:${n}`)));
  });

  it('when two generators share one database, then they continue one counter and never repeat an id', () => {
    // Arrange
    const db = openDatabase(':memory:');
    const first = createSeededIds(db, 7);
    const second = createSeededIds(db, 7);

    // Act
    const drawn = [first.inWorld('w'), second.inWorld('w'), first.inWorld('w'), second.inWorld('w')];

    // Assert
    expect(new Set(drawn).size).toBe(4);
    expect(drawn).toEqual(draw(7, 4));
    expect(db.prepare("SELECT value FROM counters WHERE name = 'ids:w'").get()).toEqual({ value: 4 });
  });

  it('when a generator is re-created on a database that already drew ids, then it continues instead of restarting', () => {
    const db = openDatabase(':memory:');
    const before = [createSeededIds(db, 7).inWorld('w'), createSeededIds(db, 7).inWorld('w')];

    const after = createSeededIds(db, 7).inWorld('w');

    expect(before).not.toContain(after);
    expect(after).toBe(draw(7, 3)[2]);
  });
});

describe('uuidFromHash', () => {
  it.each(['', 'a', '7:ids:1', 'x'.repeat(1000)])('when hashing %j, then the result is a stable v4 UUID', (input) => {
    const id = uuidFromHash(input);

    expect(id).toMatch(UUID_V4);
    expect(uuidFromHash(input)).toBe(id);
  });

  it('when inputs differ by one character, then the UUIDs differ', () => {
    expect(uuidFromHash('7:ids:1')).not.toBe(uuidFromHash('7:ids:2'));
  });
});

describe('key secrets', () => {
  const db = () => openDatabase(':memory:');

  it('when the same seed draws for the same key id, then the secret is the same; for another id, another', () => {
    const first = createSeededIds(db(), 7).keySecretBytes('k1');

    expect(createSeededIds(db(), 7).keySecretBytes('k1')).toEqual(first);
    expect(createSeededIds(db(), 7).keySecretBytes('k2')).not.toEqual(first);
    expect(first).toHaveLength(32);
  });

  it('when another seed or a control token draws, then the secret differs: a key cannot be worked out from the seed alone where a token guards serve', () => {
    const plain = createSeededIds(db(), 7).keySecretBytes('k1');

    expect(createSeededIds(db(), 8).keySecretBytes('k1')).not.toEqual(plain);
    expect(createSeededIds(db(), 7, 'un-token').keySecretBytes('k1')).not.toEqual(plain);
    expect(createSeededIds(db(), 7, 'un-token').keySecretBytes('k1')).toEqual(createSeededIds(db(), 7, 'un-token').keySecretBytes('k1'));
  });

  it('when worlds are named, then each gets the id its name and its place among that name\'s worlds give, whatever order the names come in', () => {
    const [one, two] = [createSeededIds(openDatabase(':memory:'), 7), createSeededIds(openDatabase(':memory:'), 7)];
    const first = ['facturas', 'viajes', 'facturas'].map((name) => one.forName(name));
    const second = ['viajes', 'facturas', 'facturas'].map((name) => two.forName(name));

    expect(second).toEqual([first[1], first[0], first[2]]);
    expect(new Set(first).size).toBe(3);
    for (const id of first) expect(id).toMatch(UUID_V4);
    // A world's own stream is another: its id takes nothing from it.
    expect(one.inWorld('w')).toBe(draw(7, 1)[0]);
    expect(createSeededIds(openDatabase(':memory:'), 8).forName('facturas')).not.toBe(first[0]);
  });
});
