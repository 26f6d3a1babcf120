import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The image is built and run by .ci/container.sh (podman); these checks catch, without a container
// engine, a Dockerfile that drifts from what the package ships and the build reads.
const ROOT = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Copy { from: string | null; sources: string[] }

/** The COPY instructions of each stage, by stage name (the last one unnamed: `final`). */
function copiesByStage(dockerfile: string): Map<string, Copy[]> {
  const stages = new Map<string, Copy[]>();
  let current: Copy[] = [];
  for (const line of dockerfile.split('\n')) {
    const stage = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (stage) stages.set(stage[1] ?? 'final', (current = []));
    const copy = /^COPY\s+(.*)$/i.exec(line);
    if (!copy) continue;
    const words = copy[1].trim().split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length) ?? null;
    current.push({ from, sources: words.filter((w) => !w.startsWith('--')).slice(0, -1) });
  }
  return stages;
}

const fromContext = (copies: Copy[]) => copies.filter((c) => c.from === null).flatMap((c) => c.sources.map((s) => s.replace(/\/$/, '')));

/** The paths a `**`-then-exceptions .dockerignore lets into the build context. */
function contextAllows(dockerignore: string, path: string): boolean {
  const lines = dockerignore.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  expect(lines[0]).toBe('**');
  return lines.slice(1).some((l) => l.startsWith('!') && (l.slice(1).replace(/\/$/, '') === path || path.startsWith(l.slice(1))));
}

const stages = copiesByStage(read('Dockerfile'));
const final = stages.get('final') ?? [];

describe('the Dockerfile', () => {
  it('when the package ships a file that runs, then the final stage holds it (dist/ from the build stage)', () => {
    const files: string[] = JSON.parse(read('package.json')).files;
    // What people and editors read, not what runs: the docs, the examples and the scenario schema (dist/ has its copy).
    // An exclusion (`!…`) ships nothing.
    const runs = files.filter((f) => !f.startsWith('!') && !['docs/', 'README.md', 'examples/', 'schemas/'].includes(f)).map((f) => f.replace(/\/$/, ''));

    const fromBuild = final.filter((c) => c.from === 'build').flatMap((c) => c.sources.map((s) => s.replace(/^\/app\/|\/$/g, '')));
    const held = [...fromContext(final), ...fromBuild];

    expect(runs.filter((f) => !held.includes(f))).toEqual([]);
  });

  it('when the build reads a source tree, then the build stage copies it', () => {
    const trees = /const TREES = \[([^\]]*)\]/.exec(read('scripts/build.mjs'))?.[1].match(/'[^']+'/g)?.map((t) => t.slice(1, -1)) ?? [];
    const assets = /const ASSET_TREES = \[([^\]]*)\]/.exec(read('scripts/build.mjs'))?.[1].match(/'[^']+'/g)?.map((t) => t.slice(1, -1)) ?? [];
    const copied = fromContext(stages.get('build') ?? []);

    expect(trees.length).toBeGreaterThan(0);
    expect([...trees, ...assets, 'scripts'].filter((t) => !copied.includes(t))).toEqual([]);
  });

  it('when a stage copies from the build context, then .dockerignore sends that path', () => {
    const dockerignore = read('.dockerignore');
    const copied = [...stages.values()].flatMap(fromContext);

    expect(copied.length).toBeGreaterThan(0);
    expect(copied.filter((path) => !contextAllows(dockerignore, path))).toEqual([]);
  });
});
