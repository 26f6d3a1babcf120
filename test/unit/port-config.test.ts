import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('PORT, FLEET_SIM_PORT and FLEET_SEED', () => {
  it.each(['PORT', 'FLEET_SIM_PORT'])('when %s is 65535, then it is taken; 65536 is refused in one Spanish line naming the range', (name) => {
    const key = name === 'PORT' ? 'port' : 'simPort';

    expect(readConfig({ [name]: '65535' })[key]).toBe(65_535);
    expect(() => readConfig({ [name]: '65536' })).toThrow(`${name} debe ser un número entero entre 0 y 65535 (recibido: 65536)`);
    expect(() => readConfig({ [name]: '99999' })).toThrow(/entre 0 y 65535/);
  });

  it('when FLEET_SIM_PORT is PORT, then it is refused naming FLEET_SIM_PORT (the simulators took it first, and the API blamed PORT); the next port and both 0 are taken', () => {
    expect(() => readConfig({ FLEET_SIM_PORT: '3000' })).toThrow('FLEET_SIM_PORT y PORT no pueden ser el mismo puerto (3000): los simuladores y la API escuchan cada uno en el suyo; cambia FLEET_SIM_PORT o déjalo sin definir');
    expect(readConfig({ FLEET_SIM_PORT: '3001' }).simPort).toBe(3001);
    expect(readConfig({ PORT: '0', FLEET_SIM_PORT: '0' })).toMatchObject({ port: 0, simPort: 0 });
  });

  it('when PORT is 0, then it is taken (serve picks a free port)', () => {
    expect(readConfig({ PORT: '0' }).port).toBe(0);
  });

  it('when FLEET_SEED is not an integer, then the message asks for one without showing a bound nobody meets', () => {
    expect(() => readConfig({ FLEET_SEED: 'abc' })).toThrow('FLEET_SEED debe ser un número entero (recibido: abc)');
    expect(readConfig({ FLEET_SEED: '-7' }).seed).toBe(-7);
    expect(() => readConfig({ FLEET_SEED: '9007199254740992' })).toThrow('FLEET_SEED debe ser un número entero entre -9007199254740991 y 9007199254740991 (recibido: 9007199254740992)');
  });
});
