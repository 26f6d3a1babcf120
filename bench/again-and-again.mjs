// One control call made again and again, back to back, from a process of its own, until killed: the
// other test worker of a suite, restoring its world while the bench reads another (world-setup.ts).
// In the bench's own process its answers would be handled on the readers' event loop, and the
// readers would time that too. Prints "ready" once the first call has been answered.
const [url, method] = process.argv.slice(2);
let first = true;
for (;;) {
  const res = await fetch(url, { method });
  await res.text();
  if (!res.ok) {
    process.stderr.write(`${method} ${url}: ${res.status}\n`);
    process.exit(1);
  }
  if (first) process.stdout.write('ready\n');
  first = false;
}
