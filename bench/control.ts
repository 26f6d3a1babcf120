import { stat, type Stat } from './load.ts';
import type { Serve } from './serve.ts';

/** One control API call, timed from request to parsed answer; a non-2xx answer fails the section. */
export async function control<T = any>(serve: Serve, method: string, path: string, body?: unknown): Promise<{ ms: number; json: T }> {
  const started = performance.now();
  const res = await fetch(`${serve.base}/_testbed${path}`, {
    method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = (text === '' ? undefined : JSON.parse(text)) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { ms: performance.now() - started, json };
}

/** `runs` samples of `once`, one after another. */
export async function timed(runs: number, once: () => Promise<number>): Promise<Stat> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await once());
  return stat(samples);
}
