/**
 * How long the API waits for one call to the simulators' control surface: they do the simulated
 * world's work (a clock push of months opens every missed day, a whole restore copies every record),
 * so they get minutes rather than a platform's limit. serve's health probe spares a companion busy
 * on purpose for as long (cli/lib/busy-marks.ts).
 */
export const CONTROL_TIMEOUT_MS = 120_000;
