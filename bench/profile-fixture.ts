/**
 * `node --import tsx bench/profile-fixture.ts [worlds] [fixture JSON]`: where a fixture world's
 * setup (bench/world-setup.ts) spends its CPU. Starts a serve with `--cpu-prof` (passed on to the
 * simulators' process), makes that many worlds of the fixture (default: the bench's 50-vehicle
 * world, 5 of them), stops it, and prints both processes' heaviest functions by self and total time.
 * The .cpuprofile files stay in the printed directory for Chrome DevTools.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { control } from './control.ts';
import { readProfile, top } from './cpu-profile.ts';
import { startServe, tempDir } from './serve.ts';
import { serveNodeFlags } from '../testing/serve-process.ts';

const worlds = Number(process.argv[2] ?? 5);
const fixture = JSON.parse(process.argv[3] ?? '{"vehicles":50,"drivers":50,"registeredOn":["platform_a","platform_b"],"boundOn":["platform_a"],"assigned":true,"rideDays":30}');
const dir = tempDir('prof-fixture');
const profDir = join(dir, 'profiles');
const serve = await startServe(dir, {}, [...serveNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${profDir}`]);
const took: number[] = [];
for (let i = 0; i < worlds; i++) took.push(Math.round((await control(serve, 'POST', '/tenants', { name: `Flota ${i}`, fixture })).ms));
await serve.stop();

console.log(`${worlds} fixture worlds: ${took.join(', ')} ms\nprofiles: ${profDir}`);
for (const f of readdirSync(profDir)) {
  const t = readProfile(join(profDir, f));
  const who = f.includes(`.${serve.pid}.`) ? 'API' : 'simulators';
  console.log(`\n== ${who}: ${(t.busyUs / 1000).toFixed(0)} ms busy (start-up included)`);
  console.log(`-- self time by function:\n${top(t, t.self, 25)}\n-- self time by file:\n${top(t, t.perFile, 12)}\n-- total time of our functions:\n${top(t, t.total, 40)}`);
}
