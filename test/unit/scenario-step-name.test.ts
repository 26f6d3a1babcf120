import { describe, expect, it } from 'vitest';
import { stepName } from '../../cli/scenario/runner.ts';
import type { Step } from '../../cli/scenario/schema.ts';

describe('a scenario step\'s name in the transcript', () => {
  it.each([
    ['a name of its own', { name: 'alta', request: { method: 'POST', path: '/v1/vehicles' } }, 'alta'],
    ['a request', { request: { method: 'GET', path: '/v1/vehicles' } }, 'GET /v1/vehicles'],
    ['the short form', { restoreSnapshot: 'inicio' }, 'restoreSnapshot inicio'],
    ['the object form with a tenant', { restoreSnapshot: { name: 'inicio', tenant: 'fleet' } }, 'restoreSnapshot inicio (fleet)'],
    ['the object form without one', { saveSnapshot: { name: 'inicio' } }, 'saveSnapshot inicio'],
    ['a clock advance of one tenant', { advanceClock: { duration: '6h', tenant: 'fleet' } }, 'advanceClock 6h (fleet)'],
    ['a job with its time limit', { waitForJob: { id: 'job-1', timeout: '30s' } }, 'waitForJob job-1'],
    ['an action with nothing to name', { sync: true }, 'sync'],
    ['a fault rule', { fault: { effect: 'rate_limited', operation: 'createVehicle', times: 2 } }, 'fault rate_limited createVehicle ×2'],
    ['a fault rule by method and path, on a tenant', { fault: { effect: 'reset', method: 'POST', path: '/v1/vehicles', tenant: 'fleet' } }, 'fault reset POST /v1/vehicles (fleet)'],
    ['a fault rule on every request', { fault: { effect: 'internal' } }, 'fault internal'],
    ['a fault rule with its conditions', { fault: { effect: 'delay', operation: 'createVehicle', after: 1, probability: 0.5, delayMs: 300, when: 'after' } }, 'fault delay createVehicle after=1 probability=0.5 delayMs=300 when=after'],
    ['a platform fault', { fault: { platform: 'platform_b', mode: 'slow', ms: 3000 } }, 'fault platform_b slow 3000 ms'],
    ['a count of the journal by operation and status, on a tenant', { expectRequests: { operation: 'createVehicle', status: '429', count: 2, tenant: 'fleet' } }, 'expectRequests createVehicle 429 ×2 (fleet)'],
    ['a count of the journal by method and path', { expectRequests: { method: 'POST', path: '/v1/vehicles', count: 0 } }, 'expectRequests POST /v1/vehicles ×0'],
    ['a count of the whole journal', { expectRequests: { count: 3 } }, 'expectRequests ×3'],
    ['a clear of the first world', { clearFaults: true }, 'clearFaults'],
    ['a clear of another world', { clearRequests: { tenant: 'other' } }, 'clearRequests (other)'],
  ])('when the step is %s, then it reads like the short form and names its world', (_case, step, name) => {
    expect(stepName(step as Step)).toBe(name);
  });
});
