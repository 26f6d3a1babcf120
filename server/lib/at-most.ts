/**
 * Runs the work given to it at most `limit` at a time, the rest in the order it came: each waits for
 * a turn, and a turn goes to the next as soon as a work ends (fulfilled or rejected). `open()` ends
 * the limit: what waits starts at once, and so does what comes later (serve stopping: the builds
 * waiting their turn must reach their next step, which abandons them, within the stop's budget).
 */
export function atMost(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = (): Promise<void> => {
    if (running < limit) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const done = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    await turn();
    try {
      return await work();
    } finally {
      done();
    }
  };
  const open = (): void => {
    limit = Infinity;
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      running++;
      next();
    }
  };
  return Object.assign(run, { open });
}
