import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

async function control(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}/_testbed${path}`, {
    method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * A world's deletion takes its rides a portion at a time (server/tenants/purge.ts), so it can be cut
 * off half-way: the next start finishes it, rather than keep a world with part of its rows.
 */
describe('serve killed while a world with many rides is being deleted', () => {
  const env = serveForSuite();

  it('when serve is SIGKILLed with part of the world\'s rides deleted, then the next start deletes the rest of the world and says so', async () => {
    const doomed = (await control(env.base, 'POST', '/tenants', { name: 'Flota Medio Borrada' })).body.id as string;
    const kept = (await control(env.base, 'POST', '/tenants', { name: 'Flota Que Queda' })).body.id as string;
    // Rides written straight into serve's database (another connection, as the CLI's): enough for many portions.
    const db = new Database(join(env.dataDir, 'api.db'));
    db.pragma('busy_timeout = 5000');
    const feedOf = (tenantId: string) => db.prepare("INSERT INTO ride_feeds (tenant_id, platform) VALUES (?, 'platform_b') RETURNING id").pluck().get(tenantId) as number;
    const [feed, keptFeed] = [feedOf(doomed), feedOf(kept)];
    const insert = db.prepare("INSERT INTO rides (feed, id, status, started_at_ms) VALUES (?, ?, 'completed', ?)");
    const RIDES = 200_000;
    insert.run(keptFeed, Buffer.alloc(16, 1), 0);
    // In parts, this process's event loop free between them: held for seconds on a busy machine, its
    // kept-alive connection to serve timed out unseen, and the DELETE below never reached it.
    const PART = 20_000;
    const insertPart = db.transaction((from: number) => {
      for (let i = from; i < from + PART; i++) insert.run(feed, Buffer.from(i.toString(16).padStart(32, '0'), 'hex'), i);
    });
    for (let from = 0; from < RIDES; from += PART) {
      insertPart(from);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const ridesOf = (f: number) => db.prepare('SELECT count(*) FROM rides WHERE feed = ?').pluck().get(f) as number;

    let answered: string | null = null;
    const deleting = fetch(`${env.base}/_testbed/tenants/${doomed}`, { method: 'DELETE' }).then((res) => `answered ${res.status}`, (err: Error) => `cut off: ${err.message}`);
    void deleting.then((how) => (answered = how));
    // Until its rides begin to go; an answer first (the deletion whole already, or refused) fails below.
    while (ridesOf(feed) === RIDES && answered === null) await new Promise((resolve) => setTimeout(resolve, 2));
    const answeredBeforeKill = answered;
    await env.stop('SIGKILL');
    const leftAtKill = ridesOf(feed);
    await deleting;
    await env.restart();
    const listed = (await control(env.base, 'GET', '/tenants')).body.data.map((t: { name: string }) => t.name);
    const ridesAfter = ridesOf(feed);
    const keptRides = ridesOf(keptFeed);
    db.close();

    expect(answeredBeforeKill).toBe(null);
    expect(leftAtKill).toBeGreaterThan(0);
    expect(leftAtKill).toBeLessThan(RIDES);
    expect(listed).not.toContain('Flota Medio Borrada');
    expect(listed).toContain('Flota Que Queda');
    expect(ridesAfter).toBe(0);
    expect(keptRides).toBe(1);
    expect(env.output()).toContain('worlds a stopped serve left half-built or half-deleted were deleted');
  }, 60_000);
});
