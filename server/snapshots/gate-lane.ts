/**
 * One lane of a gate: requests under way, and changes that must run alone. A change waits for the
 * requests under way to finish and holds new ones (they wait on `closed`) until it is done; changes
 * run one at a time, in the order asked. The whole-testbed gate (world-gate.ts) is one lane; the
 * world gates (world-snapshots/tenant-gate.ts) are a lane per world. A class: a world's lane is made
 * on its requests' path, so it is kept to one small object.
 */
export class GateLane {
  private active = 0;
  private changes = 0;
  private drained: (() => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** What a new request waits on while a change runs; null when the lane is open. */
  closed: Promise<void> | null = null;

  /** No request under way and no change running or queued. */
  get idle(): boolean {
    return this.active === 0 && this.changes === 0;
  }

  /** Counts a request in; the function returned counts it out, once however often it is called. */
  enter(): () => void {
    this.active++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active--;
      if (this.active === 0) this.drained?.();
    };
  }

  /** Runs `change` once the requests under way have finished, holding new ones until it is done. */
  exclusive<T>(change: () => Promise<T>): Promise<T> {
    this.changes++;
    const run = async () => {
      let open!: () => void;
      this.closed = new Promise<void>((resolve) => (open = resolve));
      try {
        if (this.active > 0) await new Promise<void>((resolve) => (this.drained = resolve));
        this.drained = null;
        return await change();
      } finally {
        this.closed = null;
        this.changes--;
        open();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
