import type { Deps } from '../deps.ts';
import type { DeclaredOperation } from '../openapi/registry.ts';
import type { Services } from '../services.ts';

/** What a control operation's handler works with: the app's dependencies and its services. */
export interface ControlContext {
  deps: Deps;
  services: Services;
}

/**
 * One operation of the testbed's control API (contract §4), declared once in its capability's
 * `control.ts`: served under the control guard by register.ts and documented by document.ts.
 * Only what the operation adds is declared: 400 VALIDATION and the guard's 401 and 403 are on
 * every operation (document.ts).
 */
export type ControlOperation = DeclaredOperation<`/_testbed/${string}`, ControlContext>;

/**
 * A capability of the control surface (a world's clock, its snapshots, the platforms…): its
 * operations, and the tags it introduces with what they are for. A tag may be used by several
 * capabilities; it is described once, by any of them.
 */
export interface ControlCapability {
  tags?: Record<string, string>;
  operations: readonly ControlOperation[];
}

/** Identity at runtime; exists so each operation is type-checked where it is written. */
export const defineControlOperation = (operation: ControlOperation): ControlOperation => operation;
