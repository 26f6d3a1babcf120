// Run as a child process by test/e2e/sqlite-gc.test.ts, with --expose-gc. It does what made serve abort on
// Node 24.19+ with better-sqlite3 ≤ 12 (Statement and Database derived from node::ObjectWrap, whose cleanup
// hooks Node now removes at collection, asserting an Environment that a collection outside JavaScript has
// not got): databases opened and closed (as cli/native-check.mjs does), statements prepared and dropped,
// allocation pressure and idle turns so that V8 collects them on its own, forced collections, and a worker
// thread's connection closed while its statements are still uncollected. With better-sqlite3 12 on Node
// 24.21 this aborted within a second; an abort is a signal (SIGABRT), which the test sees as a failed exit.
import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

const file = process.argv[2];
const ROUNDS = 6;
const STATEMENTS = 400;

function churn(db) {
  for (let i = 0; i < STATEMENTS; i++) db.prepare(`SELECT ${i} AS n, ? AS x`).get(i);
}

const workerSource = `
  const Database = require(${JSON.stringify(import.meta.resolve('better-sqlite3').replace('file://', ''))});
  const { parentPort, workerData } = require('node:worker_threads');
  const db = new Database(workerData);
  for (let i = 0; i < ${STATEMENTS}; i++) db.prepare('SELECT ' + i + ' AS n').get();
  db.close();
  parentPort.postMessage('closed');
`;

const runWorker = () =>
  new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: file });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exit ${code}`))));
  });

/** Garbage that makes V8 collect by itself, outside any call from JavaScript into the addon. */
function allocationPressure() {
  let junk = [];
  for (let i = 0; i < 200_000; i++) junk.push({ i, s: `x${i}` });
  junk = null;
  return junk;
}

for (let i = 0; i < 200; i++) {
  const probe = new Database(':memory:');
  probe.prepare('SELECT 1').get();
  probe.close();
}
allocationPressure();
await new Promise((resolve) => setTimeout(resolve, 200));

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)');
for (let round = 0; round < ROUNDS; round++) {
  churn(db);
  const other = new Database(file);
  churn(other);
  other.close();
  await runWorker();
  allocationPressure();
  globalThis.gc();
  // An idle collection after the event loop turns is what the abort was met at.
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
}
db.close();
globalThis.gc();
process.stdout.write('survived\n');
