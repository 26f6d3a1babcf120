import { describe, expect, it, vi } from 'vitest';
import { readConfig, serviceModeProblem } from '../../server/config.ts';
import { runningServeConfig } from '../../cli/environment.ts';

const TOKEN = 'ctl-0123456789abcdef';

describe('service settings (FLEET_HOST, FLEET_CONTROL_TOKEN, FLEET_CORS_ORIGINS, FLEET_URL)', () => {
  it('when none is set, then loopback, no token, no CORS, and the CLI calls loopback on PORT', () => {
    const config = readConfig({ PORT: '4123' });

    expect(config).toMatchObject({ host: '127.0.0.1', controlToken: null, corsOrigins: null, serveUrl: 'http://127.0.0.1:4123' });
  });

  it.each(['0.0.0.0', '::', '10.1.2.3', 'testbed', 'ci-runner.internal'])('when FLEET_HOST=%s, then it is the bound host', (host) => {
    expect(readConfig({ FLEET_HOST: host }).host).toBe(host);
  });

  it.each(['http://0.0.0.0', '0.0.0.0:3000', 'a b', '-bad-'])('when FLEET_HOST=%s, then it is refused in one Spanish line', (host) => {
    expect(() => readConfig({ FLEET_HOST: host })).toThrow(/^FLEET_HOST debe ser una dirección IP o un nombre de host/);
  });

  it('when the token has 16 characters, then it is taken; with 15, it is refused', () => {
    expect(readConfig({ FLEET_CONTROL_TOKEN: 'x'.repeat(16) }).controlToken).toBe('x'.repeat(16));
    expect(() => readConfig({ FLEET_CONTROL_TOKEN: 'x'.repeat(15) })).toThrow(/al menos 16 caracteres/);
  });

  it('when the token holds a space, then it is refused', () => {
    expect(() => readConfig({ FLEET_CONTROL_TOKEN: 'abcdefgh ijklmnopq' })).toThrow(/ningún espacio/);
  });

  it.each(['token-en-euros-€€€-2026', 'contraseña-señorial-2026', 'tokén-con-acento-01', 'token\u007f-con-del-0123'])(
    'when the token holds %j (not visible ASCII: an HTTP header cannot carry it as read), then it is refused in one Spanish line', (token) => {
      expect(() => readConfig({ FLEET_CONTROL_TOKEN: token })).toThrow(/^FLEET_CONTROL_TOKEN solo admite letras sin acento, dígitos y signos ASCII/);
    });

  it('when the token uses every visible ASCII sign, then it is taken', () => {
    const token = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~Az09';
    expect(readConfig({ FLEET_CONTROL_TOKEN: token }).controlToken).toBe(token);
  });

  it('when the token is shaped like a partner API key, then it is refused (the control API never takes one)', () => {
    const key = 'fk_test_0123456789ab_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';

    for (const token of [key, 'fk_test_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbb', 'fk_whatever_0123456789', 'FK_whatever_0123456789']) {
      expect(() => readConfig({ FLEET_CONTROL_TOKEN: token }), token).toThrow('FLEET_CONTROL_TOKEN no puede empezar por fk_, como una clave de API de socio');
    }
    expect(readConfig({ FLEET_CONTROL_TOKEN: 'mi-fk_token-0123456789' }).controlToken).toBe('mi-fk_token-0123456789');
  });

  it('when FLEET_CORS_ORIGINS lists origins, then each is kept in the form browsers send (lower case, no default port, no slash)', () => {
    const config = readConfig({ FLEET_CORS_ORIGINS: ' http://LOCALHOST:5173/ , https://panel.example.com:443' });

    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://panel.example.com']);
  });

  it('when FLEET_CORS_ORIGINS=*, then any origin', () => {
    expect(readConfig({ FLEET_CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });

  it.each(['localhost:5173', 'http://x.test/app', 'ftp://x.test', 'http://a.test,,http://b.test'])(
    'when FLEET_CORS_ORIGINS=%s, then it is refused naming the bad item',
    (raw) => {
      expect(() => readConfig({ FLEET_CORS_ORIGINS: raw })).toThrow(/^FLEET_CORS_ORIGINS: ".*" no es un origen/);
    },
  );

  it('when FLEET_URL is set, then the CLI calls it instead of PORT (without a trailing slash)', () => {
    expect(readConfig({ PORT: '4123', FLEET_URL: 'http://testbed:3000/' }).serveUrl).toBe('http://testbed:3000');
  });

  it.each(['http://testbed:3000/?token=secreto-de-control', 'http://testbed:3000/#x', 'http://testbed:3000?', 'http://testbed:3000/#'])('when FLEET_URL=%s has a query or a fragment, then it is refused saying where the token goes', (url) => {
    expect(() => readConfig({ FLEET_URL: url })).toThrow(/^FLEET_URL no lleva \? ni #: .*FLEET_CONTROL_TOKEN\)$/);
  });

  it.each([
    ['http://127.0.0.1:3917/v1', '/v1', 'http://127.0.0.1:3917'],
    ['https://ci.example/testbed/_testbed/', '/_testbed', 'https://ci.example/testbed'],
    ['http://testbed:3000/Dashboard', '/Dashboard', 'http://testbed:3000'],
  ])('when FLEET_URL=%s names one of the serve\'s surfaces, then a command that calls the serve refuses it naming its root; serve itself reads no FLEET_URL', (url, surface, root) => {
    vi.stubEnv('FLEET_URL', url);
    try {
      expect(() => runningServeConfig()).toThrow(`FLEET_URL es la raíz del serve, sin ${surface}: p. ej. ${root} (cada comando añade la ruta que llama)`);
      expect(() => readConfig({ FLEET_URL: url })).not.toThrow();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('when FLEET_URL has a path of a proxy in front of the serve, then it is taken as the root', () => {
    vi.stubEnv('FLEET_URL', 'https://ci.example/testbed/');
    try {
      expect(runningServeConfig().serveUrl).toBe('https://ci.example/testbed');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each(['testbed:3000', 'ws://testbed'])('when FLEET_URL=%s, then it is refused', (url) => {
    expect(() => readConfig({ FLEET_URL: url })).toThrow(/^FLEET_URL debe ser una URL http\(s\)/);
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost'])('when FLEET_HOST=%s (loopback) has no token, then serve may start', (host) => {
    expect(serviceModeProblem(readConfig({ FLEET_HOST: host }))).toBeNull();
  });

  it.each(['0.0.0.0', '::', '192.168.1.5'])('when FLEET_HOST=%s has no token, then serve is refused in one line', (host) => {
    expect(serviceModeProblem(readConfig({ FLEET_HOST: host }))).toBe(
      `FLEET_HOST=${host} expone el testbed fuera de este equipo: define FLEET_CONTROL_TOKEN (16 caracteres o más, p. ej. $(openssl rand -hex 24)) para proteger /_testbed`,
    );
  });

  it('when FLEET_HOST is not loopback and a token is set, then serve may start', () => {
    expect(serviceModeProblem(readConfig({ FLEET_HOST: '0.0.0.0', FLEET_CONTROL_TOKEN: TOKEN }))).toBeNull();
  });
});
