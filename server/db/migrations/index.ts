import type { Migration } from '../migrate.ts';
import core from './001-core.ts';
import vehicles from './002-vehicles.ts';
import drivers from './003-drivers.ts';
import jobs from './004-jobs.ts';
import rides from './005-rides.ts';
import ridesByFeed from './006-rides-by-feed.ts';
import whatsappCanonical from './007-whatsapp-canonical.ts';
import tenantClocks from './008-tenant-clocks.ts';
import transitionCounts from './009-transition-counts.ts';
import rideFeedWrites from './010-ride-feed-writes.ts';
import tenantChildrenIndexes from './011-tenant-children-indexes.ts';
import tenantCreationOrder from './012-tenant-creation-order.ts';
import retiredTransitionCounts from './013-retired-transition-counts.ts';

/** Numbered migrations of the API database, applied in order at start. */
export const API_MIGRATIONS: Migration[] = [core, vehicles, drivers, jobs, rides, ridesByFeed, whatsappCanonical, tenantClocks, transitionCounts, rideFeedWrites, tenantChildrenIndexes,
  tenantCreationOrder, retiredTransitionCounts];
