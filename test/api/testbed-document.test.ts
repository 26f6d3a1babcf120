import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { CONTROL_OPERATIONS } from '../../server/control/operations.ts';
import { controlRouter } from '../../server/control/register.ts';
import { makeTestApp } from '../support/app.ts';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every method and path the control router serves, walking its nested routers. */
function served(router: Router): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      // `_all` is each path's 405 for the methods it does not have; openapi.json is the document itself.
      const methods = Object.keys(layer.route?.methods ?? {}).filter((m) => m !== '_all');
      if (layer.route && layer.route.path !== '/openapi.json') for (const method of methods) found.push(`${method} /_testbed${layer.route.path}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found.map((r) => r.replace(/:(\w+)/g, '{$1}')).sort();
}

describe('the control API document', () => {
  const t = makeTestApp();

  it('when the control routes are listed, then each is documented once and each documented one is served', () => {
    const documented = CONTROL_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort();

    expect(served(controlRouter(t.deps, t.services))).toEqual(documented);
  });

  it('when GET /_testbed/openapi.json is asked, then an OpenAPI 3.1 document of every control path answers', async () => {
    const res = await t.request.get('/_testbed/openapi.json');

    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/_testbed/snapshots/{name}/restore');
    expect(res.body.paths['/_testbed/tenants'].post.requestBody.content['application/json'].schema).toBeDefined();
  });
});
