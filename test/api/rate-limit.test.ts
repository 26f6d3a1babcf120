import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../server/http/rate-limit.ts';
import { makeTestApp } from '../support/app.ts';

/** Real time under the test's control: the limiter must never need a sleep to be tested. */
function fakeRealTime(startMs = 1_000_000) {
  let now = startMs;
  return { realNowMs: () => now, advance: (ms: number) => (now += ms) };
}

function limitedApp(rateLimit: number) {
  const time = fakeRealTime();
  const t = makeTestApp({ rateLimit, realNowMs: time.realNowMs });
  return { ...t, time, ...t.newTenant() };
}

describe('rate limiting per key', () => {
  it('when N requests arrive in the same real instant, then all pass and the N+1th is 429 RATE_LIMITED with Retry-After', async () => {
    // Arrange
    const t = limitedApp(3);

    // Act
    const passed = [];
    for (let i = 0; i < 3; i++) passed.push(await t.request.get('/v1/me').set(t.auth));
    const limited = await t.request.get('/v1/me').set(t.auth);

    // Assert
    expect(passed.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(passed.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/reintenta/),
        details: { limit: 3, retryAfterSeconds: 1 },
        requestId: limited.headers['x-request-id'],
      },
    });
    expect(limited.headers['retry-after']).toBe('1');
  });

  it('when real time advances by one second after a 429, then the key is served again', async () => {
    const t = limitedApp(2);
    for (let i = 0; i < 2; i++) await t.request.get('/v1/me').set(t.auth);
    expect((await t.request.get('/v1/me').set(t.auth)).status).toBe(429);

    t.time.advance(1000);

    expect((await t.request.get('/v1/me').set(t.auth)).status).toBe(200);
  });

  it('when only the simulated clock advances, then the bucket does not refill', async () => {
    const t = limitedApp(2);
    for (let i = 0; i < 2; i++) await t.request.get('/v1/me').set(t.auth);

    t.deps.clocks.service.advance(3 * 86_400_000);
    const res = await t.request.get('/v1/me').set(t.auth);

    expect(res.status).toBe(429);
  });

  it('when one key is exhausted, then another key of the same tenant keeps its own bucket', async () => {
    const t = limitedApp(1);
    const other = t.tenants.createKey(t.tenant.id);
    expect((await t.request.get('/v1/me').set(t.auth)).status).toBe(200);
    expect((await t.request.get('/v1/me').set(t.auth)).status).toBe(429);

    const res = await t.request.get('/v1/me').set('Authorization', `Bearer ${other.key}`);

    expect(res.status).toBe(200);
  });

  it('when the rate is 0, then nothing is limited and no rate-limit header is sent', async () => {
    const t = limitedApp(0);

    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await t.request.get('/v1/me').set(t.auth)).status);
    const res = await t.request.get('/v1/catalog/platform_a/colors').set(t.auth);

    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(Object.keys(res.headers).filter((h) => h.includes('ratelimit'))).toEqual([]);
  });

  it('when a request is limited or not, then it carries the RateLimit-* and X-RateLimit-* headers in whole seconds', async () => {
    const t = limitedApp(10);

    const res = await t.request.get('/v1/vehicles').set(t.auth);

    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'ratelimit-limit': '10',
      'ratelimit-remaining': '9',
      'ratelimit-reset': '1',
      'ratelimit-policy': '10;w=1',
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '9',
      'x-ratelimit-reset': '1',
    });
  });

  it('when the health endpoint or a bad key is hammered, then it is never 429 (limiting starts after authentication)', async () => {
    const t = limitedApp(1);

    const health = [];
    const bad = [];
    for (let i = 0; i < 5; i++) health.push((await t.request.get('/v1/health')).status);
    for (let i = 0; i < 5; i++) bad.push((await t.request.get('/v1/me').set('Authorization', 'Bearer nope')).status);

    expect(health).toEqual([200, 200, 200, 200, 200]);
    expect(bad).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('TokenBuckets', () => {
  it('when the rate is below one per second, then the capacity is one and Retry-After covers the whole refill', () => {
    const buckets = new TokenBuckets(0.25);

    expect(buckets.take('k', 0).allowed).toBe(true);
    const denied = buckets.take('k', 1000);

    expect(denied).toMatchObject({ allowed: false, limit: 1, remaining: 0, retryAfterSeconds: 3 });
    expect(buckets.take('k', 4000).allowed).toBe(true);
  });

  it('when the real clock steps backwards, then the bucket is not drained', () => {
    const buckets = new TokenBuckets(2);
    buckets.take('k', 10_000);

    expect(buckets.take('k', 5_000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('when buckets sit idle long enough to be full, then they are evicted', () => {
    const buckets = new TokenBuckets(5);
    for (let i = 0; i < 100; i++) buckets.take(`key-${i}`, 0);
    expect(buckets.size).toBe(100);

    buckets.take('fresh', 1000);

    expect(buckets.size).toBe(1);
  });

  it('when more keys are active than the cap, then the least recently used bucket is dropped', () => {
    const buckets = new TokenBuckets(5, 3);
    for (const key of ['a', 'b', 'c']) buckets.take(key, 0);
    buckets.take('a', 1);

    buckets.take('d', 2);

    expect(buckets.size).toBe(3);
    // 'b' was the least recently used: it comes back as a new, full bucket.
    expect(buckets.take('b', 3).remaining).toBe(4);
    expect(buckets.take('a', 3).remaining).toBe(2);
  });
});
