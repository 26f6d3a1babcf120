import { TENANT_ROWS } from '../tenants/purge.ts';

/**
 * A world's history, not its state: a restore rewinds what the world holds, not what happened in it.
 * Its transition counts (coverage) go on adding up across restores, as its request journal does, so
 * a suite that restores before each test still counts every test's transitions at its end.
 */
const HISTORY: ReadonlySet<string> = new Set(['transition_counts']);

/** The rows a world snapshot saves and puts back: every row the tenant's purge deletes but its history. */
export const WORLD_ROWS = TENANT_ROWS.filter((r) => !HISTORY.has(r.table));
