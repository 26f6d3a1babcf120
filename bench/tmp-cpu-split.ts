import { readFileSync, readdirSync } from 'node:fs';
import { control } from './control.ts';
import { startServe, tempDir } from './serve.ts';

const TICK = 100; // USER_HZ
function cpu(pid: number): { total: number; threads: Record<string, number> } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const threads: Record<string, number> = {};
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
      const s = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1].split(' ');
      threads[name] = (threads[name] ?? 0) + (Number(s[11]) + Number(s[12])) * 1000 / TICK;
    } catch {}
  }
  return { total: (Number(stat[11]) + Number(stat[12])) * 1000 / TICK, threads };
}
const childOf = (pid: number) => Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0]);

const fixture = JSON.parse(process.argv[2] ?? '{"vehicles":50,"drivers":50,"registeredOn":["platform_a","platform_b"],"boundOn":["platform_a"],"assigned":true,"rideDays":30}');
const runs = Number(process.argv[3] ?? 5);
const serve = await startServe(tempDir('cpu'));
const sim = childOf(serve.pid);
await control(serve, 'POST', '/tenants', { name: 'warm', fixture });
await control(serve, 'POST', '/tenants', { name: 'warm2', fixture });
const a0 = cpu(serve.pid), s0 = cpu(sim);
const ms: number[] = [];
for (let i = 0; i < runs; i++) ms.push(Math.round((await control(serve, 'POST', '/tenants', { name: `F${i}`, fixture })).ms));
const a1 = cpu(serve.pid), s1 = cpu(sim);
const per = (a: number, b: number) => Math.round((b - a) / runs);
const threadDiff = (x: typeof a0, y: typeof a1) => Object.fromEntries(Object.keys(y.threads).map((k) => [k, per(x.threads[k] ?? 0, y.threads[k])]).filter(([, v]) => (v as number) > 0));
console.log(JSON.stringify({ ms, apiCpu: per(a0.total, a1.total), apiThreads: threadDiff(a0, a1), simCpu: per(s0.total, s1.total), simThreads: threadDiff(s0, s1) }));
await serve.stop();
