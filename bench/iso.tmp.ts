import { control } from './control.ts';
import { call, createTenant, createVehicles, registerOneByOne } from './dataset.ts';
import { startServe, tempDir } from './serve.ts';
const SLOWED = Number(process.argv[2] ?? 3);
const dir = tempDir('iso'); const serve = await startServe(dir); console.log(dir);
const slowed: Awaited<ReturnType<typeof createTenant>>[] = [];
for (let i = 0; i < SLOWED; i++) {
  const t = await createTenant(serve, `Lenta ${i}`);
  const ids = await createVehicles(serve.base, t, 20, 1000 * (i + 1));
  await registerOneByOne(serve.base, t, 'platform_a', ids);
  for (const platform of ['platform_a', 'platform_b']) await control(serve, 'POST', `/tenants/${t.tenantId}/faults`, { platform, mode: 'slow', ms: 1900 });
  slowed.push(t);
}
const clean = await createTenant(serve, 'Limpia');
await createVehicles(serve.base, clean, 3, 9000);
await control(serve, 'POST', `/tenants/${clean.tenantId}/snapshots`, { name: 'base' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function trial(label: string, start: () => Promise<unknown>, measure: () => Promise<unknown>) {
  const t0 = performance.now();
  const bg = start().then(() => performance.now() - t0);
  await sleep(200);
  const m0 = performance.now(); await measure(); const m = performance.now() - m0;
  console.log(`${label}: measured ${m.toFixed(0)} ms; the other took ${(await bg).toFixed(0)} ms`);
}
const restore = () => control(serve, 'POST', `/tenants/${clean.tenantId}/snapshots/base/restore`);
const advanceClean = () => control(serve, 'POST', '/clock/advance', { duration: '1h', tenant: clean.tenantId });
await trial('restore beside slowed advances + POST /sync', async () => { const adv = Promise.all(slowed.map((t) => control(serve, 'POST', '/clock/advance', { duration: '1h', tenant: t.tenantId }))); await sleep(100); await control(serve, 'POST', '/sync'); await adv; }, async () => { await sleep(150); return restore(); });
await trial('restore beside POST /sync', () => control(serve, 'POST', '/sync'), restore);
await trial('restore beside service-wide advance', () => control(serve, 'POST', '/clock/advance', { duration: '1h' }), restore);
await trial('clean advance beside service-wide advance', () => control(serve, 'POST', '/clock/advance', { duration: '1h' }), advanceClean);
await trial('clean advance beside slowed advances', () => Promise.all(slowed.map((t) => control(serve, 'POST', '/clock/advance', { duration: '1h', tenant: t.tenantId }))), advanceClean);
await trial('clean advance beside slowed restores?', () => sleep(2500), advanceClean);
await serve.stop();
