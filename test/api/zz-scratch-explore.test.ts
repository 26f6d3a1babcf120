import { describe, expect, it } from 'vitest';
import { bypass } from 'msw';
import { useWorld } from '../support/world.ts';

describe('explore', () => {
  const w = useWorld();
  it('flow', async () => {
    for (let i = 0; i < 5; i++) {
      let s = Date.now();
      await w.net.control.getClock();
      const a = Date.now() - s;
      s = Date.now();
      const addr = (w.net as any).simulators;
      await w.request.get('/v1/health');
      const b = Date.now() - s;
      console.log('control', a, 'health', b);
    }
    expect(1).toBe(1);
  });
});
