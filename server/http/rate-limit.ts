import type { RequestHandler, Response } from 'express';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

export interface TakeResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number;
  /** Whole seconds (≥ 1) until one request fits; meaningful only when not allowed. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * One token bucket per key: bursts up to `capacity`, then `ratePerSecond` sustained. Buckets live in
 * a Map kept in least-recently-used order, so idle buckets sit at the front and are swept cheaply:
 * a bucket idle long enough to be full is the same as no bucket, and dropping it loses nothing.
 */
export class TokenBuckets {
  readonly capacity: number;
  private readonly buckets = new Map<string, Bucket>();
  private readonly fullAfterMs: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly maxBuckets = 10_000,
  ) {
    if (!(ratePerSecond > 0)) throw new RangeError('ratePerSecond must be positive');
    this.capacity = Math.max(1, ratePerSecond);
    this.fullAfterMs = (this.capacity / ratePerSecond) * 1000;
  }

  /** IETF draft RateLimit-Policy: `capacity` requests per window of seconds it takes to refill. */
  get policy(): string {
    return `${Math.floor(this.capacity)};w=${Math.ceil(this.fullAfterMs / 1000)}`;
  }

  get size(): number {
    return this.buckets.size;
  }

  take(key: string, nowMs: number): TakeResult {
    this.sweep(nowMs);
    const bucket = this.refilled(key, nowMs);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    // Re-insert to move the key to the back of the LRU order.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value as string);
    return {
      allowed,
      limit: Math.floor(this.capacity),
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil((this.capacity - bucket.tokens) / this.ratePerSecond),
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)),
    };
  }

  private refilled(key: string, nowMs: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.capacity, updatedMs: nowMs };
    // max(0, …): a real clock stepping backwards (NTP) must not drain a bucket.
    const elapsedMs = Math.max(0, nowMs - bucket.updatedMs);
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (elapsedMs * this.ratePerSecond) / 1000);
    bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
    return bucket;
  }

  private sweep(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (nowMs - bucket.updatedMs < this.fullAfterMs) return;
      this.buckets.delete(key);
    }
  }
}

function setRateLimitHeaders(res: Response, r: TakeResult, policy: string): void {
  // IETF draft names plus the widespread X- spellings, for clients that only know one of them.
  for (const prefix of ['RateLimit', 'X-RateLimit']) {
    res.setHeader(`${prefix}-Limit`, String(r.limit));
    res.setHeader(`${prefix}-Remaining`, String(r.remaining));
    res.setHeader(`${prefix}-Reset`, String(r.resetSeconds));
  }
  res.setHeader('RateLimit-Policy', policy);
}

/**
 * Per-key limiting, in the /v1 gate right after authentication (app.ts); passes every request when
 * limiting is off. It reads real time (deps.realNowMs) on purpose: a frozen or jumping simulated
 * clock must neither block clients nor refill their buckets.
 */
export function rateLimiter(
  deps: Pick<Deps, 'rateLimit' | 'realNowMs'>,
  maxBuckets?: number,
  onWorldReplaced?: (listener: () => void) => void,
): RequestHandler {
  if (!(deps.rateLimit > 0)) return (_req, _res, next) => next();
  let buckets = new TokenBuckets(deps.rateLimit, maxBuckets);
  // A reset or restore starts every key afresh, as on a new data dir.
  onWorldReplaced?.(() => (buckets = new TokenBuckets(deps.rateLimit, maxBuckets)));
  return (req, res, next) => {
    const result = buckets.take(req.auth.keyId, deps.realNowMs());
    setRateLimitHeaders(res, result, buckets.policy);
    if (!result.allowed) {
      const seconds = result.retryAfterSeconds;
      throw new AppError(
        'RATE_LIMITED',
        `Demasiadas solicitudes con esta clave de API (máximo ${result.limit} por segundo); reintenta en ${seconds} s.`,
        { limit: result.limit, retryAfterSeconds: seconds },
        { 'Retry-After': String(seconds) },
      );
    }
    next();
  };
}
