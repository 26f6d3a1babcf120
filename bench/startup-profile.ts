/**
 * `node --import tsx bench/startup-profile.ts [--timeline]`: where a cold `fleet-sim serve` spends
 * its start (docs/performance.md, Start-up). Starts the compiled serve on a new data dir with
 * `--cpu-prof` (passed on to the simulators' process), stops it once listening, and reads both
 * profiles up to the listening line: when each process started, its CPU spent loading modules
 * (everything under node's module loader, top-level code of the modules included) and after, and
 * the packages that CPU went to. `--timeline` adds what each process ran, 100 ms at a time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildJs } from '../scripts/build.mjs';
import { bareNodeStart } from './startup.ts';
import { startServe, tempDir } from './serve.ts';
import { serveNodeFlags } from '../testing/serve-process.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Sample {
  atMs: number;
  ms: number;
  self: ProfileNode;
  stack: ProfileNode[];
}

const BUCKET_MS = 100;

/** Samples with their time from spawn (ms) and their stack, innermost first. */
function samplesOf(profile: Profile, spawnUs: number): Sample[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  let at = profile.startTime;
  return profile.samples.map((id, i) => {
    at += profile.timeDeltas[i];
    const stack: ProfileNode[] = [];
    for (let n: ProfileNode | undefined = byId.get(id); n; n = parent.get(n.id)) stack.push(n);
    return { atMs: (at - spawnUs) / 1000, ms: profile.timeDeltas[i] / 1000, self: stack[0], stack };
  });
}

const isIdle = (s: Sample) => s.self.callFrame.functionName === '(idle)';
const isLoading = (s: Sample) => s.stack.some((n) => n.callFrame.url.startsWith('node:internal/modules/'));

/** node_modules/<package>, dist/<tree>, node's internals, or V8's own work (GC, program). */
function groupOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/([^/]+)\//.exec(url);
  if (own) return `dist/${own[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  return url ? url : functionName;
}

/** The innermost of our own frames, else the innermost package: what a 100 ms slice was doing. */
function labelOf(s: Sample): string {
  const own = s.stack.find((n) => n.callFrame.url.includes('/dist/'));
  if (own) return `${own.callFrame.functionName || 'top'}@${own.callFrame.url.replace(/.*\/dist\//, '')}`;
  return groupOf(s.stack.find((n) => n.callFrame.url.includes('node_modules')) ?? s.self);
}

function sum(samples: Sample[]): number {
  return samples.reduce((total, s) => total + s.ms, 0);
}

function summary(name: string, samples: Sample[]): string {
  const busy = samples.filter((s) => !isIdle(s));
  const loading = busy.filter(isLoading);
  const groups = new Map<string, number>();
  for (const s of busy) groups.set(groupOf(s.self), (groups.get(groupOf(s.self)) ?? 0) + s.ms);
  const top = [...groups].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([g, ms]) => `${g} ${ms.toFixed(0)}`).join(', ');
  return [
    `${name}: started ${samples[0]?.atMs.toFixed(0)} ms after spawn; CPU until listening ${sum(busy).toFixed(0)} ms ` +
      `(loading modules ${sum(loading).toFixed(0)}, after ${sum(busy) - sum(loading) > 0 ? (sum(busy) - sum(loading)).toFixed(0) : 0}), idle ${sum(samples.filter(isIdle)).toFixed(0)} ms`,
    `  self time by package: ${top}`,
  ].join('\n');
}

function timeline(processes: [string, Sample[]][], untilMs: number): string {
  const lines: string[] = [];
  for (let from = 0; from < untilMs; from += BUCKET_MS) {
    const cells = processes.map(([, samples]) => {
      const slice = samples.filter((s) => s.atMs >= from && s.atMs < from + BUCKET_MS && !isIdle(s));
      const labels = new Map<string, number>();
      for (const s of slice) labels.set(labelOf(s), (labels.get(labelOf(s)) ?? 0) + s.ms);
      const [label, ms] = [...labels].sort((a, b) => b[1] - a[1])[0] ?? ['idle', 0];
      return `${sum(slice).toFixed(0).padStart(3)} ms ${label} ${ms.toFixed(0)}`.padEnd(70).slice(0, 70);
    });
    lines.push(`${String(from).padStart(5)}  ${cells.join(' │ ')}`);
  }
  return [`         ${processes.map(([n]) => n.padEnd(70)).join(' │ ')}`, ...lines].join('\n');
}

async function waitForProfiles(dir: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')) : [];
    if (files.length >= count) return files;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`expected ${count} profiles in ${dir}`);
}

await buildJs();
const bareMs = await bareNodeStart();
const dir = tempDir('startprof');
const profDir = join(dir, 'profiles');
const serve = await startServe(dir, {}, [...serveNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${profDir}`]);
// The profiles' clock is the monotonic one process.hrtime reads: the spawn, on that clock.
const spawnUs = Number(process.hrtime.bigint() / 1000n) - serve.coldStartMs * 1000;
await serve.stop();
const files = await waitForProfiles(profDir, 2);
const processes = files.map((f): [string, Sample[]] => {
  const samples = samplesOf(JSON.parse(readFileSync(join(profDir, f), 'utf8')) as Profile, spawnUs);
  const name = f.includes(`.${serve.pid}.`) ? 'api (serve)' : 'simulators';
  return [name, samples.filter((s) => s.atMs <= serve.coldStartMs)];
});
processes.sort((a) => (a[0] === 'api (serve)' ? -1 : 1));
process.stdout.write(`serve → listening ${serve.coldStartMs.toFixed(0)} ms; node -e 0 ${bareMs.toFixed(0)} ms; profiles in ${profDir}\n`);
for (const [name, samples] of processes) process.stdout.write(`${summary(name, samples)}\n`);
if (process.argv.includes('--timeline')) process.stdout.write(`${timeline(processes, serve.coldStartMs)}\n`);
