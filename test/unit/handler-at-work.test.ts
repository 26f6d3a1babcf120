import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { afterHandled, counted } from '../../server/http/handler-at-work.ts';

/** A response as the gates see it: its `close`, whether it is destroyed, its locals. */
const fakeResponse = (destroyed = false) => Object.assign(new EventEmitter(), { destroyed, locals: {} }) as unknown as Response & EventEmitter;
const req = {} as Request;

describe('a handler counted at work', () => {
  it('when the client gave up before the handler started, then the handler does not run, and the gate counts the request out at close', () => {
    const res = fakeResponse(true);
    const out: string[] = [];
    afterHandled(res, () => out.push('counted out'));
    let ran = false;

    counted(() => void (ran = true))(req, res, () => undefined);
    res.emit('close');

    expect([ran, out]).toEqual([false, ['counted out']]);
  });

  it('when the response closes while the handler awaits, then the request is counted out once the handler has ended, whether it resolves or throws', async () => {
    for (const ending of ['resolves', 'throws'] as const) {
      const res = fakeResponse();
      const out: string[] = [];
      afterHandled(res, () => out.push('counted out'));
      let finish!: () => void;
      const handler = counted(() => new Promise<void>((resolve, reject) => (finish = () => (ending === 'resolves' ? resolve() : reject(new Error('falló'))))));

      const result = (handler(req, res, () => undefined) as unknown as Promise<void>).catch(() => undefined);
      res.emit('close');
      out.push('closed');
      finish();
      await result;
      await new Promise((resolve) => setImmediate(resolve));

      expect(out).toEqual(['closed', 'counted out']);
    }
  });
});
