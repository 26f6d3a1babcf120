import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BUSY_LINE, IDLE_LINE, markLongWork } from '../../../simulators/common/long-work.ts';

/** An app whose every route records its work between the marks, and one route that fails. */
function appWithMarks() {
  const events: string[] = [];
  const app = express();
  app.use(markLongWork((line) => events.push(line)));
  app.post('/_control/fleets/:id/broken', () => {
    throw new Error('boom');
  });
  app.use((req, res) => {
    events.push(`work ${req.method} ${req.path}`);
    res.json({});
  });
  app.use(((_err, _req, res, _next) => void res.status(500).json({})) as express.ErrorRequestHandler);
  return { app, events };
}

describe('the simulators\' marks of long work, for serve\'s health probe', () => {
  it.each([
    ['POST', '/_control/state/restore'],
    ['POST', '/_control/state/save'],
    ['POST', '/_control/fleets/f-1/snapshots/inicio'],
    ['POST', '/_control/fleets/f-1/snapshots/inicio/restore'],
    ['POST', '/_control/fleets/f-1/undo-restore'],
    ['DELETE', '/_control/fleets/f-1'],
  ])('when %s %s is asked, then the busy mark is written before its work and the idle mark once it has answered', async (method, path) => {
    const { app, events } = appWithMarks();

    await request(app)[method === 'POST' ? 'post' : 'delete'](path).expect(200);

    expect(events).toEqual([BUSY_LINE, `work ${method} ${path}`, IDLE_LINE]);
  });

  it.each([
    ['GET', '/_control/state/restore'],
    ['GET', '/_control/health'],
    ['POST', '/_control/fleets/f-1/due-hold'],
    ['DELETE', '/_control/fleets/f-1/due-hold'],
    ['POST', '/_control/clock'],
    ['POST', '/platform-a/v1/vehicles'],
  ])('when %s %s is asked, then no mark is written: its work does not grow with the data', async (method, path) => {
    const { app, events } = appWithMarks();

    await request(app)[method === 'GET' ? 'get' : method === 'POST' ? 'post' : 'delete'](path).expect(200);

    expect(events).toEqual([`work ${method} ${path}`]);
  });

  it('when a long request fails, then the idle mark is written all the same', async () => {
    const { app, events } = appWithMarks();

    await request(app).post('/_control/fleets/f-1/broken').expect(500);
    await request(app).delete('/_control/fleets/f-1').expect(200);

    expect(events.filter((e) => e === BUSY_LINE || e === IDLE_LINE)).toEqual([BUSY_LINE, IDLE_LINE]);
  });
});
