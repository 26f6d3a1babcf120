/**
 * Resolves when `work` settles (fulfilled or rejected) or after `ms` of real time, whichever is
 * first: what a stop gives the work still under way before it goes on without it.
 */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
