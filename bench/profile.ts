/**
 * `node --import tsx bench/profile.ts [byId|list|post|rides|summary] [seconds]`: one endpoint under
 * load on a real serve started with `--cpu-prof`, then the heaviest functions by self time (and by
 * file) of the API process's profile. The .cpuprofile files stay in the printed directory for
 * Chrome DevTools. The way to find what a figure of the bench spends its time on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTenant, createVehicles } from './dataset.ts';
import { runLoad } from './load.ts';
import { startServe, tempDir } from './serve.ts';
import { serveNodeFlags } from '../testing/serve-process.ts';

const which = process.argv[2] ?? 'byId';
const seconds = Number(process.argv[3] ?? 8);
const dir = tempDir('prof');
const profDir = join(dir, 'profiles');
// A node flag (NODE_OPTIONS refuses --cpu-prof), which serve passes on to the simulators' process.
const serve = await startServe(dir, {}, [...serveNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${profDir}`]);
const t = await createTenant(serve, 'Flota Perfil');
const ids = await createVehicles(serve.base, t, 50);
const paths: Record<string, string> = {
  byId: `/v1/vehicles/${ids[1]}`,
  list: '/v1/vehicles?status=activo&limit=25',
  post: '/v1/vehicles',
  rides: '/v1/rides?platform=platform_a&limit=25',
  summary: '/v1/earnings/summary?platform=platform_a',
};
const h = { authorization: t.auth.authorization, ...(which === 'post' ? { 'content-type': 'application/json' } : {}) };
const target = { name: which, url: serve.base + paths[which], headers: h, ...(which === 'post' ? { template: 'vehicle' as const, platePrefix: 'PP', method: 'POST' as const } : {}) };
const result = await runLoad([target], { runs: 1, seconds, warmupSeconds: 1, settleSeconds: 0, connections: 10 });
await serve.stop();

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

// The simulators' process writes a profile too (cli/lib/companion.ts passes --cpu-prof on): the
// API's is the one named by serve's pid.
const file = join(profDir, readdirSync(profDir).find((f) => f.includes(`.${serve.pid}.`))!);
const api = { f: file, p: JSON.parse(readFileSync(file, 'utf8')) as Profile };
const byNode = new Map(api.p.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const perFile = new Map<string, number>();
let total = 0;
api.p.samples.forEach((id, i) => {
  const n = byNode.get(id)!;
  const dt = api.p.timeDeltas[i] ?? 0;
  total += dt;
  const file = n.callFrame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '') || '(native)';
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
  self.set(fn, (self.get(fn) ?? 0) + dt);
  perFile.set(file, (perFile.get(file) ?? 0) + dt);
});
const top = (m: Map<string, number>, k: number) =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`).join('\n');
console.log(`${which}: ${Math.round(result[which].rps.median)} req/s, p50 ${result[which].p50.median} ms, p99 ${result[which].p99.median} ms`);
console.log(`profile: ${api.f}\n\nself time by function:\n${top(self, 25)}\n\nself time by file:\n${top(perFile, 15)}`);
