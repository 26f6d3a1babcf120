/**
 * The state machines of spec §3 and every transition the testbed can make in them: the one list
 * that coverage counts against (contract §4, "Coverage machines"). `from: null` is "no state yet":
 * an assignment being created, a circulation card never reviewed (docReviewStatus null).
 * docs/coverage.md draws each machine and says why some pairs are absent.
 */
export const MACHINES = {
  'registration.platform_a': [
    ['none', 'pending'],
    ['pending', 'approved'],
    ['pending', 'rejected'],
    // Every upload of the circulation card starts a new review, whatever the last verdict was.
    ['rejected', 'pending'],
    ['approved', 'pending'],
  ],
  'registration.platform_b': [['none', 'registered']],
  'invitation.platform_a': [
    ['none', 'invited'],
    ['invited', 'bound'],
    ['invited', 'rejected'],
    // DELETE cancels the invitation or unbinds the driver, whatever it was.
    ['invited', 'none'],
    ['bound', 'none'],
    ['rejected', 'none'],
  ],
  assignment: [
    [null, 'active'],
    ['active', 'ended'],
  ],
  'assignment.platformSync': [
    ['awaiting', 'pending'],
    ['pending', 'synced'],
    ['pending', 'failed'],
    ['synced', 'awaiting'],
    ['synced', 'pending'],
    ['awaiting', 'synced'],
    ['failed', 'awaiting'],
    ['awaiting', 'failed'],
  ],
  job: [
    ['pending', 'running'],
    ['running', 'completed'],
  ],
  'vehicle.status': [
    ['activo', 'mantenimiento'],
    ['activo', 'inactivo'],
    ['mantenimiento', 'activo'],
    ['mantenimiento', 'inactivo'],
    ['inactivo', 'activo'],
    ['inactivo', 'mantenimiento'],
    ['activo', 'pending_platform_a'],
    ['mantenimiento', 'pending_platform_a'],
    ['inactivo', 'pending_platform_a'],
    ['pending_platform_a', 'activo'],
    ['pending_platform_a', 'mantenimiento'],
    ['pending_platform_a', 'inactivo'],
  ],
  'document.review': [
    [null, 'pending'],
    ['pending', 'approved'],
    ['pending', 'rejected'],
    ['rejected', 'pending'],
    ['approved', 'pending'],
  ],
} as const satisfies Record<string, readonly (readonly [string | null, string])[]>;

export type Machine = keyof typeof MACHINES;

export interface Transition {
  machine: Machine;
  from: string | null;
  to: string;
}

/** Every declared transition, machine by machine, in the order above. */
export const DECLARED: readonly Transition[] = Object.entries(MACHINES).flatMap(([machine, pairs]) =>
  pairs.map(([from, to]) => ({ machine: machine as Machine, from, to })),
);

export const transitionKey = (machine: string, from: string | null, to: string) => `${machine}|${from ?? ''}|${to}`;
