/**
 * How long the API waits for one call to the simulators' control surface: they do the simulated
 * world's work (a clock push of months opens every missed day, a whole restore copies every record),
 * so they get minutes rather than a platform's limit. serve's health probe spares a companion that
 * said it is busy on purpose (a whole copy or restore: cli/lib/busy-marks.ts) for as long.
 */
export const CONTROL_TIMEOUT_MS = 120_000;
