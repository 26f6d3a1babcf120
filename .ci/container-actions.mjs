// Tries examples/container/github-actions.yml without a GitHub runner: its `test` job's service
// container is started from the image CI built, with the workflow's own env and port, waited on
// through its health check as the runner does, and the job's steps before "Your tests" run with the
// job's env and a GITHUB_ENV file; the world they export must answer with its key.
//   node .ci/container-actions.mjs IMAGE RUN_ID SCRATCH   (from .ci/container.sh)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [image, runId, scratch] = process.argv.slice(2);
const WORKFLOW = 'examples/container/github-actions.yml';
// The `yaml` package, from the Testcontainers example's install (the step before this one in CI).
const YAML = createRequire(join(process.cwd(), 'examples/container/testcontainers/package.json'))('yaml');
const CONTEXT = { 'github.run_id': '12345678901', 'github.run_attempt': '1', 'github.repository_owner': 'ci', 'github.actor': 'ci', 'secrets.GITHUB_TOKEN': 'unused' };

const fail = (message) => {
  console.error(`CI container: FALLO: ${WORKFLOW}: ${message}`);
  process.exit(1);
};
const ok = (message) => console.log(`ok: github-actions: ${message}`);
/** A container's output, stdout and stderr together. */
const logsOf = (container) => execFileSync('sh', ['-c', 'podman logs "$1" 2>&1', '-', container], { encoding: 'utf8' }).trim();
const podman = (...args) => execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** `${{ github.run_id }}` and the like, with the values a runner would give; any other is an error. */
const expand = (text) =>
  String(text).replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name) => CONTEXT[name] ?? fail(`unknown expression \${{ ${name} }}`));
const expandAll = (env = {}) => Object.fromEntries(Object.entries(env).map(([k, v]) => [k, expand(v)]));

const job = YAML.parse(readFileSync(WORKFLOW, 'utf8')).jobs?.test ?? fail('no `test` job');
const service = job.services?.testbed ?? fail('no `testbed` service');
if (!/\/fleet-testbed:[\w.-]+$/.test(expand(service.image))) fail(`the service's image is ${service.image}`);
const containerPort = /^"?(?:\d+:)?(\d+)"?$/.exec(String(service.ports?.[0]))?.[1] ?? fail('no published port');
const name = `actions-${runId}`;
const envArgs = Object.entries(expandAll(service.env)).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
podman('run', '-d', '--name', name, '--label', `fleet-ci=${runId}`, '-p', `127.0.0.1::${containerPort}`, ...envArgs, image);
const hostPort = podman('port', name, containerPort).split(':').pop();

waitHealthy();
ok(`the service is healthy (its HEALTHCHECK, as the runner waits for it)`);

// The job's env, with localhost:<port> of the runner turned into the port published here.
const jobEnv = expandAll(job.env);
jobEnv.FLEET_URL = jobEnv.FLEET_URL.replace(`localhost:${containerPort}`, `127.0.0.1:${hostPort}`);
const githubEnv = join(scratch, 'github-env');
writeFileSync(githubEnv, '');
const steps = job.steps ?? [];
const last = steps.findIndex((s) => s.name === 'Your tests');
if (last < 0) fail('no step named "Your tests"');
for (const step of steps.slice(0, last).filter((s) => s.run)) {
  try {
    execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run)], {
      env: { ...process.env, ...jobEnv, GITHUB_ENV: githubEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch {
    fail(`the step "${step.name}" failed`);
  }
  ok(`the step "${step.name}" ran`);
}

const exported = Object.fromEntries(readFileSync(githubEnv, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
const me = await fetch(`${jobEnv.FLEET_URL}/v1/me`, { headers: { authorization: `Bearer ${exported.FLEET_API_KEY}` } });
const body = await me.json();
if (me.status !== 200 || body.tenantId !== exported.FLEET_TENANT_ID) fail(`FLEET_API_KEY answered ${me.status} for tenant ${body.tenantId}`);
ok('FLEET_API_KEY and FLEET_TENANT_ID, exported for the tests, answer GET /v1/me');
podman('rm', '-f', '-v', '-t', '0', name);

function waitHealthy() {
  for (let i = 0; i < 60; i++) {
    if (podman('inspect', name, '--format', '{{.State.Running}}') !== 'true') fail(`the service exited: ${logsOf(name)}`);
    try {
      podman('healthcheck', 'run', name);
      return;
    } catch {
      execFileSync('sleep', ['0.5']);
    }
  }
  fail('the service did not become healthy within 30 s');
}
