import { describe, expect, it } from 'vitest';
import { computePlatformSync, readyPlatforms, type BindingState, type SyncInputs } from '../../server/assignments/platform-sync.ts';
import type { Platform } from '../../server/common/schemas.ts';

type Reg = SyncInputs['registrations'][number]['status'];

/** Compact inputs: the vehicle's registrations, the driver's platform_a invitation, the bindings. */
function inputs(regs: Partial<Record<Platform, Reg>>, driver: [string, string | null] | null, bindings: Partial<Record<Platform, BindingState>> = {}): SyncInputs {
  return {
    registrations: Object.entries(regs).map(([platform, status]) => ({ platform: platform as Platform, status: status! })),
    invitations: driver
      ? [{ platform: 'platform_a', status: driver[0] as 'bound', review_status: driver[1] as 'approved' | null }]
      : [],
    bindings: Object.entries(bindings).map(([platform, state]) => ({ platform: platform as Platform, state: state! })),
  };
}

const ACTIVE_DRIVER: [string, string] = ['bound', 'approved'];

describe('readyPlatforms', () => {
  it.each([
    ['nothing registered', inputs({}, null), []],
    ['platform_a vehicle pending', inputs({ platform_a: 'pending' }, ACTIVE_DRIVER), []],
    ['platform_a vehicle rejected', inputs({ platform_a: 'rejected' }, ACTIVE_DRIVER), []],
    ['platform_a approved, driver invited', inputs({ platform_a: 'approved' }, ['invited', 'pending']), []],
    ['platform_a approved, driver bound under review', inputs({ platform_a: 'approved' }, ['bound', 'under_review']), []],
    ['platform_a approved, driver suspended', inputs({ platform_a: 'approved' }, ['bound', 'suspended']), []],
    ['platform_a approved, driver approved', inputs({ platform_a: 'approved' }, ACTIVE_DRIVER), ['platform_a']],
    ['platform_b registered, no invitation needed', inputs({ platform_b: 'registered' }, null), ['platform_b']],
    ['platform_b removed', inputs({ platform_b: 'removed' }, null), []],
    ['both active', inputs({ platform_a: 'approved', platform_b: 'registered' }, ACTIVE_DRIVER), ['platform_a', 'platform_b']],
  ] as const)('when %s, then ready on %j', (_label, given, expected) => {
    expect(readyPlatforms(given)).toEqual(expected);
  });
});

describe('computePlatformSync', () => {
  const both = { platform_a: 'approved', platform_b: 'registered' } as const;
  it.each([
    ['no platform is ready', inputs({ platform_a: 'pending' }, null), 'awaiting'],
    ['no platform is ready, even with an old synced row', inputs({}, null, { platform_b: 'synced' }), 'awaiting'],
    ['a ready platform has no binding row yet (queued)', inputs({ platform_b: 'registered' }, null), 'pending'],
    ['a ready platform is being retried', inputs({ platform_b: 'registered' }, null, { platform_b: 'pending' }), 'pending'],
    ['the ready platform has the binding', inputs({ platform_b: 'registered' }, null, { platform_b: 'synced' }), 'synced'],
    ['the ready platform refused it', inputs({ platform_b: 'registered' }, null, { platform_b: 'failed' }), 'failed'],
    ['the platform said its side is not ready yet', inputs({ platform_b: 'registered' }, null, { platform_b: 'awaiting' }), 'awaiting'],
    ['only one of two ready platforms has it', inputs(both, ACTIVE_DRIVER, { platform_b: 'synced' }), 'pending'],
    ['both ready platforms have it', inputs(both, ACTIVE_DRIVER, { platform_a: 'synced', platform_b: 'synced' }), 'synced'],
    ['one refused, one pending: the refusal wins', inputs(both, ACTIVE_DRIVER, { platform_a: 'failed', platform_b: 'pending' }), 'failed'],
    ['one pending, one awaiting: the queued work wins', inputs(both, ACTIVE_DRIVER, { platform_a: 'awaiting', platform_b: 'pending' }), 'pending'],
    ['one synced, one awaiting', inputs(both, ACTIVE_DRIVER, { platform_a: 'awaiting', platform_b: 'synced' }), 'awaiting'],
    ['synced where ready; the not-ready platform does not count', inputs(both, ['invited', 'pending'], { platform_b: 'synced' }), 'synced'],
  ] as const)('when %s, then %s', (_label, given, expected) => {
    expect(computePlatformSync(given)).toBe(expected);
  });
});
