// The load generator's own process (plain JS, no tsx: it should cost as little CPU and start-up as
// possible). It gets a plan as JSON in argv[2], runs autocannon against each target, interleaved
// (A B C, B C A, …) so that a noisy neighbour hurts every target alike, and prints one JSON document.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const plan = JSON.parse(process.argv[2]);

/** POST /v1/vehicles must not collide on the unique plate: each request, across runs, gets its own. */
let n = 0;
function requestsFor(target) {
  if (target.template !== 'vehicle') return undefined;
  return [{
    method: 'POST',
    path: new URL(target.url).pathname,
    headers: target.headers,
    setupRequest(req) {
      const plate = `${target.platePrefix}${(n++).toString(36).toUpperCase().padStart(6, '0')}`;
      req.body = JSON.stringify({ plate, brand: 'Nissan', model: 'Versa', year: 2023, color: 'gris', city: 'CDMX' });
      return req;
    },
  }];
}

/**
 * CPU time of the server's main thread (the one running JS and SQLite), in ns. Requests per second
 * swing with whatever else the machine runs; CPU per request much less, so it is reported too.
 */
function cpuNs(pid) {
  if (!pid) return NaN;
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}

async function once(target, seconds) {
  const cpuBefore = cpuNs(target.pid);
  const r = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    requests: requestsFor(target),
    connections: plan.connections,
    duration: seconds,
  });
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    bad: r.non2xx + r.errors + r.timeouts,
    cpuUs: (cpuNs(target.pid) - cpuBefore) / 1000 / r.requests.total,
  };
}

const results = Object.fromEntries(plan.targets.map((t) => [t.name, []]));
// Warm-up: JIT, SQLite page cache and keep-alive sockets; not counted.
if (plan.warmupSeconds > 0) for (const t of plan.targets) await once(t, plan.warmupSeconds);
// Each measured run is preceded by a short unmeasured one on the same target: a server measured
// right after another endpoint's run would otherwise pay for that endpoint's garbage (its heap is
// collected in the next run), and the lighter endpoint would carry the heavier one's cost.
// The order turns by one each round (A B C, B C A, C A B, …): a target's place in the round moves
// its figures by a few per cent (docs/performance.md), so no target keeps the same place throughout.
for (let run = 0; run < plan.runs; run++) {
  const turn = run % plan.targets.length;
  for (const t of [...plan.targets.slice(turn), ...plan.targets.slice(0, turn)]) {
    if (plan.settleSeconds > 0) await once(t, plan.settleSeconds);
    results[t.name].push(await once(t, plan.seconds));
  }
}
process.stdout.write(JSON.stringify(results));
