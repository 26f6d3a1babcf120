import { describe, expect, it } from 'vitest';
import { platformUnavailable, SIMULATORS } from '../../server/errors.ts';
import { platformRejected } from '../../server/platforms/http.ts';

describe('platform errors name who failed', () => {
  it('when a platform fails, then the message names it; when the companion\'s control surface does, then it names the simulators, not a platform', () => {
    const rejected = (label: string) => platformRejected(label, { status: 409, body: null }, { code: 'conflict', message: 'no' }).message;

    expect(platformUnavailable('platform_a').message).toBe('La plataforma platform_a no está disponible; reintenta más tarde.');
    expect(platformUnavailable(SIMULATORS).message).toBe('Los simuladores de las plataformas no están disponibles; reintenta más tarde.');
    expect(rejected('platform_b')).toBe('La plataforma platform_b rechazó la operación.');
    expect(rejected(SIMULATORS)).toBe('Los simuladores de las plataformas rechazaron la operación.');
  });
});
