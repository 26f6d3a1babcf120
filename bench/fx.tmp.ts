import { readFileSync, readdirSync } from 'node:fs';
import { control } from './control.ts';
import { startServe, tempDir } from './serve.ts';
const n = Number(process.argv[2] ?? 8);
const fixture = JSON.parse(process.argv[3] ?? '{"vehicles":50,"drivers":50,"registeredOn":["platform_a","platform_b"],"boundOn":["platform_a"],"assigned":true,"rideDays":30}');
const dir = tempDir('fx'); const serve = await startServe(dir);
const kids = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => { try { return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(serve.pid); } catch { return false; } });
const sims = kids()[0];
const cpu = (pid: string | number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const took: string[] = []; const ms: number[] = [];
for (let i = 0; i < n; i++) {
  const a0 = cpu(serve.pid!), s0 = cpu(sims);
  const t = (await control(serve, 'POST', '/tenants', { name: `Flota ${i}`, fixture })).ms;
  ms.push(t); took.push(`${Math.round(t)} (api ${cpu(serve.pid!) - a0} sims ${cpu(sims) - s0})`);
}
await serve.stop();
const s = [...ms].sort((a, b) => a - b);
console.log(took.join('\n'), '\nmedian', Math.round(s[Math.floor(s.length / 2)]));
