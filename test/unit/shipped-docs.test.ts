import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files;
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Whether npm pack puts this repository path in the package (package.json `files`, folders ending in /). */
const ships = (path: string) => FILES.some((entry) => (entry.endsWith('/') ? `${path}/`.startsWith(entry) : path === entry));

/** The relative links of a Markdown file, as repository paths (anchors dropped). */
function relativeLinks(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1].split('#')[0])
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
    .map((target) => relative(ROOT, join(ROOT, dirname(doc), target)).replace(/\/$/, ''));
}

describe('the docs that ship in the package', () => {
  it('when the package is listed, then the README and every doc are in it', () => {
    expect(DOCS.filter((doc) => !ships(doc))).toEqual([]);
  });

  it.each(DOCS)('when %s links to a file of the repository, then the file exists and ships in the package', (doc) => {
    const broken = relativeLinks(doc).filter((path) => !existsSync(join(ROOT, path)) || !ships(path));

    expect(broken).toEqual([]);
  });

  it.each(DOCS)('when %s says how to install, then it is the tarball, not a registry name (the package is not published)', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');

    expect(text).not.toMatch(/npm (install|i)( --save-dev| -D)? fleet-testbed\b/);
  });

  it.each(DOCS)('when %s stops a testbed in an after hook, then a failed start is not a second TypeError (testbed?.stop())', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');

    expect(text).not.toMatch(/after(All)?\(\s*(async\s*)?\(\)\s*=>\s*(await\s+)?testbed\.stop\(\)/);
  });
});
