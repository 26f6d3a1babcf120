/**
 * Reads a `.cpuprofile` (node --cpu-prof) into the tables the profiling scripts print: self time
 * by function and by file, and the total time (self and callees) of the project's own functions,
 * which shows which step of a flow costs most when its self time is spread over libraries.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** The project's compiled files, in a bundle or not; libraries are node_modules/. */
const own = (file: string) => file.startsWith('dist/') || (file.includes('/dist/') && !file.includes('node_modules'));

/**
 * A bundle (dist/bundles/*.js) marks each module it holds with a `// dist/<path>.js` line: a
 * function of the bundle is named by that module and its line within the bundle.
 */
function bundleModules(url: string): Array<{ line: number; module: string }> {
  const lines = readFileSync(new URL(url), 'utf8').split('\n');
  const starts: Array<{ line: number; module: string }> = [];
  lines.forEach((text, i) => {
    const m = /^\/\/ (dist\/\S+\.js|node_modules\/\S+)$/.exec(text);
    if (m) starts.push({ line: i, module: m[1] });
  });
  return starts;
}

function namer() {
  const bundles = new Map<string, Array<{ line: number; module: string }>>();
  const fileOf = (n: Node): string => {
    const { url, lineNumber } = n.callFrame;
    if (!url) return '(native)';
    if (!url.includes('/dist/bundles/')) return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
    if (!bundles.has(url)) bundles.set(url, bundleModules(url));
    const starts = bundles.get(url)!;
    let module = url.replace(/.*\/dist\//, 'dist/');
    for (const s of starts) if (s.line <= lineNumber) module = s.module; else break;
    return module;
  };
  const nameOf = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${fileOf(n)}:${n.callFrame.lineNumber + 1}`;
  return { fileOf, nameOf };
}

export interface ProfileTables {
  /** µs sampled, idle excluded. */
  busyUs: number;
  self: Map<string, number>;
  perFile: Map<string, number>;
  /** Our own functions, counted once per sample however deep they recur. */
  total: Map<string, number>;
}

export function readProfile(file: string): ProfileTables {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, Node>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const { fileOf, nameOf } = namer();
  const t: ProfileTables = { busyUs: 0, self: new Map(), perFile: new Map(), total: new Map() };
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const us = p.timeDeltas[i] ?? 0;
    if (n.callFrame.functionName === '(idle)') return;
    t.busyUs += us;
    add(t.self, nameOf(n), us);
    add(t.perFile, fileOf(n), us);
    const seen = new Set<string>();
    for (let s: Node | undefined = n; s; s = parent.get(s.id)) {
      if (!own(fileOf(s))) continue;
      const name = nameOf(s);
      if (!seen.has(name)) (seen.add(name), add(t.total, name, us));
    }
  });
  return t;
}

/** The k largest entries, as a share of the busy time and in ms. */
export function top(t: ProfileTables, m: Map<string, number>, k: number): string {
  return [...m].sort((a, b) => b[1] - a[1]).slice(0, k)
    .map(([name, us]) => `${((100 * us) / t.busyUs).toFixed(1).padStart(5)}% ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`).join('\n');
}
