import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { API_MIGRATIONS } from '../../server/db/migrations/index.ts';

const NOW = '2026-01-01T00:00:00.000Z';

/** A data dir written before migration 006: rides in the 005 layout and a ride_sync row. */
function databaseAt005() {
  const db = new Database(':memory:');
  migrate(db, API_MIGRATIONS.filter((m) => m.version <= 5));
  db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES ('t1', 'Flota', 'active', ?)").run(NOW);
  db.prepare(`INSERT INTO rides (id, tenant_id, platform, platform_ride_id, service_date, status, started_at_ms, updated_at)
    VALUES ('r1', 't1', 'platform_b', 'pb-1', '2025-12-31', 'completed', 1767225600000, ?)`).run(NOW);
  db.prepare("INSERT INTO ride_sync (tenant_id, platform, synced_at_ms) VALUES ('t1', 'platform_b', 1767225600000)").run();
  return db;
}

describe('API migrations', () => {
  it('when a 005 database is migrated, then rides take the keyed layout and the next ingestion reads everything again', () => {
    const db = databaseAt005();

    migrate(db, API_MIGRATIONS);

    const columns = (db.prepare("SELECT name FROM pragma_table_info('rides')").pluck().all() as string[]).sort();
    expect(columns).toEqual(['completed_at_ms', 'distance_hkm', 'driver_id', 'feed', 'gross_cents', 'id', 'net_cents',
      'started_at_ms', 'status', 'tip_cents', 'vehicle_id']);
    expect(db.prepare('SELECT count(*) FROM rides').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM ride_sync').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM tenants').pluck().get()).toBe(1);
  });

  it('when a 006 database holds whatsapp numbers as sent, then 007 stores each as its canonical E.164 form', () => {
    const db = new Database(':memory:');
    migrate(db, API_MIGRATIONS.filter((m) => m.version <= 6));
    db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES ('t1', 'Flota', 'active', ?)").run(NOW);
    const insert = db.prepare(`INSERT INTO drivers (id, tenant_id, name, whatsapp, whatsapp_key, city, created_at, updated_at)
      VALUES (?, 't1', 'Ana', ?, ?, 'CDMX', ?, ?)`);
    insert.run('d1', '5512345678', '525512345678', NOW, NOW);
    insert.run('d2', '+5213312345678', '523312345678', NOW, NOW);
    insert.run('d3', '+12125550123', '12125550123', NOW, NOW);

    migrate(db, API_MIGRATIONS);

    expect(db.prepare('SELECT id, whatsapp FROM drivers ORDER BY id').all()).toEqual([
      { id: 'd1', whatsapp: '+525512345678' }, { id: 'd2', whatsapp: '+523312345678' }, { id: 'd3', whatsapp: '+12125550123' },
    ]);
  });

  it('when an 011 database holds tenants made at one instant, then 012 numbers them in the order they were made', () => {
    const db = new Database(':memory:');
    migrate(db, API_MIGRATIONS.filter((m) => m.version <= 11));
    // Ids out of alphabetical order: the number follows the rows' making, not the ids.
    for (const id of ['t3', 't1', 't2']) db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES (?, 'Flota', 'active', ?)").run(id, NOW);

    migrate(db, API_MIGRATIONS);

    expect(db.prepare('SELECT id, created_order FROM tenants ORDER BY created_order').all()).toEqual([
      { id: 't3', created_order: 1 }, { id: 't1', created_order: 2 }, { id: 't2', created_order: 3 }]);
  });

  it('when the migrations run again on an up-to-date database, then nothing is applied twice', () => {
    const db = new Database(':memory:');
    migrate(db, API_MIGRATIONS);

    migrate(db, API_MIGRATIONS);

    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toEqual(API_MIGRATIONS.map((m) => m.version));
  });
});
