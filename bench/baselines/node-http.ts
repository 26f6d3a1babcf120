/**
 * Baseline: bare node:http answering a JSON body the size of a real vehicle (BENCH_PAYLOAD, the
 * API's own answer), serialized per request. No framework, no auth, no database: the ceiling of
 * Node itself on this machine, against which the Express figures are read.
 * Env: PORT, BENCH_PAYLOAD (JSON text).
 */
import { createServer } from 'node:http';

const payload: unknown = JSON.parse(process.env.BENCH_PAYLOAD ?? '{"ok":true}');
const server = createServer((req, res) => {
  if (req.method !== 'GET' || !req.url?.startsWith('/v1/vehicles/')) {
    res.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(payload);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => (server.closeAllConnections(), server.close(), process.exit(0)));
