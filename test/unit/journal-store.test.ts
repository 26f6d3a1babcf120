import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { bodyBytesOf, captureOf, dropBodies, kept } from '../../server/journal/capture.ts';
import { DELETED_WORLDS_KEPT } from '../../server/lib/bounded-map.ts';
import { createJournalStore, KEPT_ENTRIES } from '../../server/journal/store.ts';

const MB = 1024 * 1024;

/**
 * An entry as capture makes it of a `GET /v1/vehicles/{id}` whose answer is about `chars` long,
 * every string its own (as requests' are), from request and response stand-ins with real headers.
 */
function entry(chars: number, tag = '', extraHeaders: Record<string, string> = {}, requestBody?: unknown) {
  const id = `${tag}${Math.random()}`.slice(0, 36);
  const body = JSON.stringify({ id, plate: 'ABC123', notes: 'x'.repeat(Math.max(0, chars - 60)) });
  const headers = { authorization: 'Bearer fk_test_0123456789ab_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef', host: '127.0.0.1:3000', 'user-agent': `node ${tag}`, accept: '*/*', connection: 'keep-alive', ...extraHeaders };
  const sent = { 'x-request-id': `req_${id}`, 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), 'ratelimit-remaining': '49' };
  const req = { originalUrl: `/v1/vehicles/${id}`, method: 'GET', headers, rawHeaders: Object.entries(headers).flat(), body: requestBody, is: () => requestBody !== undefined } as unknown as Request;
  const res = { getHeaders: () => ({ ...sent }), getHeader: (name: string) => sent[name.toLowerCase() as keyof typeof sent], writableFinished: true, headersSent: true, statusCode: 200, locals: { journalSentBody: body } } as unknown as Response;
  return captureOf(req, res, { owner: { tenantId: 't', keyId: 'k', keyPrefix: 'fk_test_0123456789ab', offsetMs: 0 }, durationMs: 1, tap: null, atMs: Date.parse('2026-03-02T15:00:00.000Z') });
}

const ids = (store: ReturnType<typeof createJournalStore>, world: string) => [...store.newestFirst(world)].map((e) => e.seq);

describe('journal store bounds', () => {
  it('when a world has made 1,500 requests within the bound, then all are kept, newest first', () => {
    const store = createJournalStore({ maxBytes: 64 * MB });
    for (let i = 0; i < 1500; i++) store.append('w1', entry(2000));

    const seqs = ids(store, 'w1');
    expect(seqs).toHaveLength(1500);
    expect(seqs.slice(0, 2)).toEqual([1500, 1499]);
  });

  it('when the whole journal goes over the bound, then the oldest entries of the largest journal go, and the small world keeps all', () => {
    const store = createJournalStore({ maxBytes: 2 * MB });
    for (let i = 0; i < 10; i++) store.append('small', entry(1000));
    for (let i = 0; i < 2000; i++) store.append('big', entry(1000));

    expect(ids(store, 'small')).toHaveLength(10);
    const big = ids(store, 'big');
    expect(big[0]).toBe(2000);
    expect(big.at(-1)).toBeGreaterThan(1); // the oldest went first
    expect(big).toEqual([...big].sort((a, b) => b - a));
    expect(store.stats().totalBytes).toBeLessThanOrEqual(2 * MB);
  });

  it('when one world\'s 1,000 requests with large bodies go over the bound, then it keeps all 1,000, the oldest without their bodies (marked cut), within the bound', () => {
    const store = createJournalStore({ maxBytes: 8 * MB });
    for (let i = 0; i < 1200; i++) store.append('heavy', entry(20_000));

    const kept = [...store.newestFirst('heavy')];
    expect(kept.length).toBeGreaterThanOrEqual(KEPT_ENTRIES);
    expect(kept.map((e) => e.seq)).toEqual(Array.from({ length: kept.length }, (_, i) => 1200 - i));
    const newest = kept[0];
    const oldest = kept.at(-1)!;
    expect(newest).toMatchObject({ responseTruncated: false, responseBody: expect.stringContaining('"plate":"ABC123"') });
    expect(oldest).toMatchObject({ responseBody: null, responseTruncated: true, status: 200, method: 'GET' });
    expect(store.stats().totalBytes).toBeLessThanOrEqual(8 * MB);
  });

  it('when a world shares the bound with a longer one, then the longer one\'s entries past 1,000 go whole, before any body of either', () => {
    const store = createJournalStore({ maxBytes: 12 * MB });
    for (let i = 0; i < 500; i++) store.append('small', entry(2_000));
    for (let i = 0; i < 3000; i++) store.append('long', entry(2_000));

    const long = [...store.newestFirst('long')];
    expect([...store.newestFirst('small')].every((e) => e.responseBody !== null)).toBe(true);
    expect(ids(store, 'small')).toHaveLength(500);
    expect(long.length).toBeGreaterThanOrEqual(KEPT_ENTRIES);
    expect(long.length).toBeLessThan(3000);
    expect(long.every((e) => e.responseBody !== null)).toBe(true);
    expect(store.stats().totalBytes).toBeLessThanOrEqual(12 * MB);
  });

  it('when many worlds\' entries pass the bound even without their bodies, then whole oldest entries go, brought to one level: each world keeps its newest entry, with its bodies', () => {
    const store = createJournalStore({ maxBytes: MB });
    for (let round = 0; round < 20; round++) for (let w = 0; w < 100; w++) store.append(`w${w}`, entry(2_000));
    const newest = store.append('ahora', entry(2_000));

    const worlds = [...Array.from({ length: 100 }, (_, w) => `w${w}`), 'ahora'].map((w) => [...store.newestFirst(w)]);
    expect(worlds.every((entries) => entries.length > 0 && entries[0].responseBody !== null && !entries[0].responseTruncated)).toBe(true);
    expect(worlds.at(-1)![0]).toMatchObject({ seq: newest.seq, responseBody: expect.stringContaining('ABC123') });
    expect(store.stats().totalBytes).toBeLessThanOrEqual(MB);
  });

  it('when one world\'s only request is large and many small worlds push the journal over the bound, then it keeps that request: the others give their oldest', () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('grande', kept(entry(130_000)));
    for (let round = 0; round < 80; round++) for (const w of 'BCDEFGHI') store.append(w, entry(100));

    expect(ids(store, 'grande')).toEqual([1]);
    expect(ids(store, 'B').length).toBeGreaterThan(0);
    expect(ids(store, 'B').length).toBeLessThan(80);
    expect(store.stats().totalBytes).toBeLessThanOrEqual(MB);
  });

  it('when heavy and light worlds share the bound and their entries fit without bodies, then every world keeps its 1,000, the largest journals\' oldest bodies going first', () => {
    const store = createJournalStore({ maxBytes: 16 * MB });
    for (let i = 0; i < KEPT_ENTRIES; i++) {
      for (let w = 0; w < 3; w++) store.append(`pesado${w}`, entry(20_000));
      for (let w = 0; w < 6; w++) store.append(`ligero${w}`, entry(500));
    }

    for (const w of ['pesado0', 'pesado1', 'pesado2', 'ligero0', 'ligero5']) expect(ids(store, w)).toHaveLength(KEPT_ENTRIES);
    const withBodies = (w: string) => [...store.newestFirst(w)].filter((e) => e.responseBody !== null).length;
    // By bytes: the heavy journals give theirs first, and keep fewer.
    expect(withBodies('ligero0')).toBeGreaterThan(withBodies('pesado0'));
    expect(withBodies('pesado0')).toBeLessThan(KEPT_ENTRIES / 2);
    expect(store.stats().totalBytes).toBeLessThanOrEqual(16 * MB);
  });

  it('when a world\'s answers are given up while its journal was never read, then reading it later shows them cut, not built', () => {
    const store = createJournalStore({ maxBytes: 3 * MB });
    for (let i = 0; i < KEPT_ENTRIES; i++) store.append('w', entry(3_000));

    const entries = [...store.newestFirst('w')];
    expect(entries).toHaveLength(KEPT_ENTRIES);
    expect(entries.at(-1)).toMatchObject({ responseBody: null, responseTruncated: true, requestBody: null, requestTruncated: false });
    // The newest keep theirs: bodies go oldest first.
    const cut = entries.findIndex((e) => e.responseTruncated);
    expect(cut).toBeGreaterThan(0);
    expect(entries.slice(cut).every((e) => e.responseTruncated && e.responseBody === null)).toBe(true);
    expect(store.stats().totalBytes).toBeLessThanOrEqual(3 * MB);
  });

  it('when a binary answer (never shown) is among the captures whose bodies go, then it is not marked cut: it had no body to give', () => {
    const pdf = { getHeaders: () => ({ 'content-type': 'application/pdf' }), getHeader: () => 'application/pdf', writableFinished: true, headersSent: true, statusCode: 200, locals: { journalSentBody: Buffer.alloc(4000) } } as unknown as Response;
    const req = { originalUrl: '/v1/documents/x', method: 'GET', headers: {}, rawHeaders: [], body: undefined, is: () => false } as unknown as Request;
    const binary = kept(captureOf(req, pdf, { owner: { tenantId: 't', keyId: 'k', keyPrefix: 'fk_test_0123456789ab', offsetMs: 0 }, durationMs: 1, tap: null, atMs: 0 }));
    const text = entry(4000);

    expect([bodyBytesOf(binary), dropBodies(binary)]).toEqual([0, 0]);
    const textBodies = bodyBytesOf(text);
    expect(textBodies).toBeGreaterThan(7000);
    expect(dropBodies(text)).toBe(-textBodies);
  });

  it('when even bodiless entries do not fit (a bound below 1,000 of them), then whole entries go: the bound comes first', () => {
    const store = createJournalStore({ maxBytes: MB / 4 });
    for (let i = 0; i < KEPT_ENTRIES; i++) store.append('w', entry(2_000));

    expect(ids(store, 'w').length).toBeLessThan(KEPT_ENTRIES);
    expect(ids(store, 'w')[0]).toBe(KEPT_ENTRIES);
    expect(store.stats().totalBytes).toBeLessThanOrEqual(MB / 4);
  });

  it('when a world is cleared, then it holds nothing and its next entry does not reuse an id', () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('w', entry(10));
    store.append('w', entry(10));

    expect(store.clear('w')).toBe(2);
    const third = store.append('w', entry(10));
    expect(third.seq).toBe(3);
    expect(store.stats().totalBytes).toBe(third.bytes);
  });

  it('when a world is dropped, or all are, then their bytes are no longer counted', () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('a', entry(50));
    store.append('b', entry(50));

    store.drop('a');
    expect(ids(store, 'a')).toEqual([]);
    const [left] = [...store.newestFirst('b')];
    expect(store.stats()).toMatchObject({ worlds: 1, totalBytes: left.bytes });
    store.dropAll(() => false);
    expect(store.stats()).toMatchObject({ worlds: 0, totalBytes: 0 });
  });

  it('when all are emptied by a whole restore, then a world still there goes on counting its ids, and so does one it brings back later', () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('kept', entry(50));
    store.append('kept', entry(50));
    store.append('gone', entry(50));

    store.dropAll((tenantId) => tenantId === 'kept');

    expect(store.stats()).toMatchObject({ totalBytes: 0 });
    expect(ids(store, 'kept')).toEqual([]);
    expect(store.append('kept', entry(50)).seq).toBe(3);
    expect(store.append('gone', entry(50)).seq).toBe(2);
  });

  it('when all are emptied by a reset, then every world\'s ids start again at 1, a deleted one\'s too', () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('kept', entry(50));
    store.append('deleted', entry(50));
    store.drop('deleted');

    store.dropAll(() => false, true);

    expect([store.append('kept', entry(50)).seq, store.append('deleted', entry(50)).seq]).toEqual([1, 1]);
  });

  it('when a world is deleted, then a whole restore that brings it back goes on from its next id', () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('w', entry(50));
    store.append('w', entry(50));

    store.drop('w');
    expect(store.nextSeq('w')).toBe(3);
    store.dropAll(() => true);

    expect(store.append('w', entry(50)).seq).toBe(3);
  });

  it(`when more than ${DELETED_WORLDS_KEPT} worlds were deleted, then the oldest deleted one's next id is no longer kept: the store stays bounded`, () => {
    const store = createJournalStore({ maxBytes: MB });
    store.append('first', entry(10));
    store.append('first', entry(10));
    store.drop('first');
    for (let i = 0; i < DELETED_WORLDS_KEPT - 1; i++) store.drop(`w${i}`);
    const keptAtBound = store.nextSeq('first');

    store.drop('one more');

    expect([keptAtBound, store.nextSeq('first')]).toEqual([3, 1]);
  });

  it('when a world\'s journal is lost after a request started (deleted, reset, restored), then that request counts as dropped; another world\'s does not', () => {
    const store = createJournalStore({ maxBytes: MB });
    const start = store.losses();
    store.drop('deleted');
    const afterDeletion = store.losses();

    expect([store.droppedSince('deleted', start), store.droppedSince('other', start), store.droppedSince('deleted', afterDeletion)]).toEqual([true, false, false]);
    store.dropAll(() => true);
    expect(store.droppedSince('other', afterDeletion)).toBe(true);
  });

  it('when a request is captured, then before any read the journal holds no secret, and reading settles its count to the exact one', () => {
    const store = createJournalStore({ maxBytes: MB });
    const pending = store.append('w', entry(500));

    expect(JSON.stringify(pending)).not.toContain('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');
    expect(JSON.stringify(pending)).toContain('Bearer fk_test_0123456789ab_…');
    const [settled] = [...store.newestFirst('w')];
    expect(settled).toMatchObject({ seq: 1, method: 'GET', status: 200 });
    expect(settled.meta).toContain('"at":"2026-03-02T15:00:00.000Z"');
    expect(store.stats().totalBytes).toBe(settled.bytes);
    // Settled once: a second read finds the same entry.
    expect([...store.newestFirst('w')][0]).toBe(settled);
  });

  it('when an answer is larger than 64 KiB, then its entry is built and cut at once; a small one waits for a read', () => {
    const store = createJournalStore({ maxBytes: 64 * MB });
    const big = store.append('w', kept(entry(200_000)));
    const small = store.append('w', kept(entry(2_000)));

    expect('raw' in big).toBe(false);
    expect(big).toMatchObject({ responseTruncated: true });
    expect(big.bytes).toBeLessThan(2 * 70 * 1024 + 4096);
    expect('raw' in small).toBe(true);
  });

  it('when a request has a body (its size unknown from its headers: chunked, gzipped), then its entry is built and cut at once', () => {
    const store = createJournalStore({ maxBytes: 64 * MB });
    const posted = store.append('w', kept(entry(500, '', {}, { notes: 'x'.repeat(200_000), key: 'fk_test_0123456789ab_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef' })));

    expect('raw' in posted).toBe(false);
    expect(posted).toMatchObject({ requestTruncated: true });
    expect(JSON.stringify(posted)).not.toContain('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');
  });

  it('when a request carries large headers, then its capture counts them against the bound', () => {
    const plain = entry(500);
    const heavy = entry(500, '', { 'x-trace': 'x'.repeat(12_000) });

    expect(heavy.bytes - plain.bytes).toBeGreaterThanOrEqual(2 * 12_000);
  });

  it('when 300 worlds make 40,000 requests as capture keeps them, then the heap they take stays within the 8 MiB bound', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const store = createJournalStore({ maxBytes: 8 * MB });
    gc();
    const before = process.memoryUsage().heapUsed;

    for (let i = 0; i < 40_000; i++) store.append(`world-${i % 300}`, entry(200 + (i % 7) * 300, `${i}-`));
    gc();
    const grown = process.memoryUsage().heapUsed - before;

    expect(store.stats().totalBytes).toBeLessThanOrEqual(8 * MB);
    expect(grown).toBeLessThanOrEqual(8 * MB);
    // Every world still has its newest entries.
    for (let w = 0; w < 300; w++) expect(ids(store, `world-${w}`).length).toBeGreaterThan(0);
  });
});
