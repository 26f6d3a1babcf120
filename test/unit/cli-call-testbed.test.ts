import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTestbed } from '../../cli/environment.ts';
import { CliError } from '../../cli/output.ts';
import { readConfig } from '../../server/config.ts';

/** What answers at PORT: a testbed's refusal in its envelope, or another server's page. */
const ANSWERS: Record<string, [number, string, string]> = {
  '/_testbed/tenants/otro': [404, 'text/html', '<h1>Not Found</h1>'],
  '/_testbed/tenants/vacio': [501, 'application/json', '{"detail":"no"}'],
  '/_testbed/tenants/testbed': [404, 'application/json', '{"error":{"code":"NOT_FOUND","message":"El tenant x no existe en este testbed.","details":null,"requestId":"req_1"}}'],
};

describe('callTestbed: what the CLI says of an answer that is not a success', () => {
  let server: Server;
  let config: ReturnType<typeof readConfig>;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const [status, type, body] = ANSWERS[req.url ?? ''] ?? [500, 'text/plain', 'x'];
      res.writeHead(status, { 'content-type': type }).end(body);
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    config = readConfig({ PORT: String(port) });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([['/tenants/otro', 404], ['/tenants/vacio', 501]])('when another server answers %s (no error envelope), then the message asks whether PORT points at a testbed', async (path, status) => {
    const err = await callTestbed(path, {}, config).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).message).toBe(`${config.serveUrl}/_testbed${path} respondió ${status} sin el sobre de error de un testbed: ¿es ${config.serveUrl} un fleet testbed? (PORT o FLEET_URL)`);
    expect((err as CliError).code).toBeNull();
  });

  it('when the testbed refuses in its envelope, then its message and code are the error', async () => {
    const err = await callTestbed('/tenants/testbed', {}, config).catch((e: unknown) => e);

    expect([(err as CliError).message, (err as CliError).code]).toEqual(['El tenant x no existe en este testbed.', 'NOT_FOUND']);
  });
});
