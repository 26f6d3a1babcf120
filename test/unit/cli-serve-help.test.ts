import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVE_ENVIRONMENT } from '../../cli/program/serve.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('serve --help and the README\'s configuration', () => {
  it('when the README\'s «Configuration» table is read, then serve --help names every variable of it serve reads (FLEET_URL is the CLI\'s alone), and no other', () => {
    const section = README.slice(README.indexOf('## Configuration'), README.indexOf('### Running as a service'));
    const documented = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]).filter((name) => name !== 'FLEET_URL');

    expect([...SERVE_ENVIRONMENT].sort()).toEqual(documented.sort());
  });
});
