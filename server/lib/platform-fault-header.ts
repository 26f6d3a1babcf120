/**
 * A 503 PLATFORM_UNAVAILABLE that a platform fault someone set made (not a platform that is down or
 * slow for real) says so, as an API fault rule's answer names its rule (`X-Testbed-Fault`): its value
 * is the platform and where the fault was set, `platform_b; scope=world` (that world's own,
 * `/_testbed/tenants/{id}/platform-faults`) or `platform_b; scope=testbed` (`/_testbed/faults`).
 * The simulators mark their outage answers with it, and a request their slow fault holds with a 102
 * first (simulators/common/faults.ts); the API passes it on.
 */
export const PLATFORM_FAULT_HEADER = 'X-Testbed-Platform-Fault';

export type FaultScope = 'world' | 'testbed';

export const platformFaultValue = (platform: string, scope: FaultScope): string => `${platform}; scope=${scope}`;
