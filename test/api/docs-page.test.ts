import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';

describe('GET /docs/', () => {
  it('when the page is served, then its inline styles hold no stray "undefined"', async () => {
    const { request } = makeTestApp();

    const res = await request.get('/docs/');

    expect(res.status).toBe(200);
    const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles.length).toBeGreaterThan(0);
    for (const css of styles) expect(css).not.toContain('undefined');
    expect(res.text).not.toMatch(/\bundefined\b/);
  });

  it('when the page or its assets are served, then no other site may show them in a frame (a "Try it out" clicked under a decoy)', async () => {
    const { request } = makeTestApp();

    for (const path of ['/docs/', '/docs/swagger-ui-init.js']) {
      const res = await request.get(path);
      expect(res.status, path).toBe(200);
      expect([res.headers['content-security-policy'], res.headers['x-frame-options']], path).toEqual(["frame-ancestors 'none'", 'DENY']);
    }
  });
});
