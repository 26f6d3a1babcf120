import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerJsonDirectly } from '../../server/http/json-answer.ts';

const BODY = { city: 'Ciudad de México', n: 1, list: [null, true], nested: { ñ: 'é' } };

/** One route answered by `answer`, in an app with or without the direct JSON answer. */
function appWith(direct: boolean, answer: (res: express.Response) => void, seen: string[] = []) {
  const app = express();
  app.set('etag', false);
  if (direct) answerJsonDirectly(app, (_res, body) => void seen.push(body));
  app.all('/x', (_req, res) => answer(res));
  return app;
}

const answers: Record<string, (res: express.Response) => void> = {
  'an object': (res) => void res.json(BODY),
  'a status and an object': (res) => void res.status(422).json(BODY),
  'a type of its own': (res) => void res.type('application/problem+json').json(BODY),
  '204': (res) => void res.status(204).json(BODY),
  'undefined': (res) => void res.json(undefined),
};

describe('answering JSON directly', () => {
  it.each(Object.keys(answers))('when a handler answers %s, then the status, headers and bytes are Express\'s own', async (name) => {
    const theirs = await request(appWith(false, answers[name])).get('/x');
    const ours = await request(appWith(true, answers[name])).get('/x');

    expect(ours.status).toBe(theirs.status);
    expect(ours.text).toBe(theirs.text);
    for (const header of ['content-type', 'content-length']) expect(ours.headers[header]).toBe(theirs.headers[header]);
  });

  it('when the request is HEAD, then the headers come and no body', async () => {
    const res = await request(appWith(true, answers['an object'])).head('/x');

    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(BODY))));
    expect(res.text).toBeUndefined();
  });

  it('when an object is answered, then the body written is told to `sent` once', async () => {
    const seen: string[] = [];
    await request(appWith(true, answers['an object'], seen)).get('/x');

    expect(seen).toEqual([JSON.stringify(BODY)]);
  });
});
