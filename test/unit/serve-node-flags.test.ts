import { describe, expect, it } from 'vitest';
import { serveNodeFlags } from '../../testing/serve-process.ts';

describe('the Node flags of a serve the package starts', () => {
  it.each([
    ['no NODE_OPTIONS', {}, ['--max-semi-space-size=16']],
    ['NODE_OPTIONS without a young-generation size', { NODE_OPTIONS: '--enable-source-maps' }, ['--max-semi-space-size=16']],
    ['NODE_OPTIONS with its own size', { NODE_OPTIONS: '--max-semi-space-size=32' }, []],
  ])('when the environment has %s, then the flags are %j', (_case, env, flags) => {
    expect(serveNodeFlags(env)).toEqual(flags);
  });
});
