import { describe, expect, it } from 'vitest';
import { leastSquaresSlope, memoryLines } from '../../bench/soak-report.ts';

const samples = (seconds: number, mbAt: (s: number) => number) => Array.from({ length: seconds }, (_, s) => ({ s, mb: mbAt(s) }));

describe('soak memory report', () => {
  it('when RSS rises 1 MB every 10 s after warm-up, then the slope reads +6.00 MB/min and warm-up samples are left out', () => {
    const memory = samples(100, (s) => (s < 20 ? 500 : 100 + s / 10));

    const [trend] = memoryLines({ memory, seconds: 100, rssBeforeMb: 90, cache: { perConnectionMb: 64, connections: 2, dbFileMb: 300 } });

    expect(trend).toContain('slope after warm-up +6.00 MB/min');
    expect(trend).toContain('after warm-up 102 MB → end 110 MB');
  });

  it('when the database is larger than the caches, then the ceiling is cache_size × connections', () => {
    const [, ceiling] = memoryLines({ memory: samples(10, () => 200), seconds: 10, rssBeforeMb: 120, cache: { perConnectionMb: 64, connections: 2, dbFileMb: 300 } });

    expect(ceiling).toBe("API RSS growth under load 80 MB (120 → 200 MB) beside the page caches' ceiling 128 MB (64 MB × 2 connections; api.db with its WAL is 300 MB, so at most 128 MB can be cached now)");
  });

  it('when the database is smaller than a cache, then at most its own size per connection can be cached', () => {
    const [, ceiling] = memoryLines({ memory: samples(10, () => 150), seconds: 10, rssBeforeMb: 120, cache: { perConnectionMb: 64, connections: 1, dbFileMb: 5 } });

    expect(ceiling).toContain('64 MB × 1 connection;');
    expect(ceiling).toContain('at most 5 MB can be cached now');
  });

  it('when fewer than two samples exist, then the slope is not a number rather than a guess', () => {
    expect(leastSquaresSlope([1], [1])).toBeNaN();
  });
});
