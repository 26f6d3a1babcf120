import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { startServe, tempDir } from './serve.ts';
import { control } from './control.ts';
const V = Number(process.argv[2] ?? 500), D = Number(process.argv[3] ?? 366);
const rss = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
const serve = await startServe(tempDir('vault'));
const child = () => Number(execSync(`pgrep -P ${serve.pid}`).toString().trim().split('\n')[0]);
const t0 = performance.now();
const made = await control(serve, 'POST', '/tenants', { name: 'Grande', fixture: { vehicles: V, drivers: V, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: D } });
const id = made.json.id;
console.log('fixture', Math.round(performance.now() - t0), 'ms; api rss', rss(serve.pid), 'companion', rss(child()));
for (const name of ['uno', 'dos']) {
  const s = await control(serve, 'POST', `/tenants/${id}/snapshots`, { name });
  console.log('save', name, Math.round(s.ms), 'ms', JSON.stringify(s.json).slice(0, 120), 'api rss', rss(serve.pid), 'companion', rss(child()));
}
for (let i = 0; i < 3; i++) {
  const r = await control(serve, 'POST', `/tenants/${id}/snapshots/uno/restore`);
  console.log('restore', Math.round(r.ms), 'ms', 'api rss', rss(serve.pid), 'companion', rss(child()));
}
await serve.stop();
