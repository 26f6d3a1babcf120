import { describe, expect, it } from 'vitest';
import { jobReport } from '../../cli/commands/jobs.ts';
import { describeSnapshots } from '../../cli/commands/snapshot.ts';
import { cdmxTime, mexicoCityTime, sizeText } from '../../server/lib/human-text.ts';
import type { Job } from '../../server/jobs/view.ts';

describe('times and sizes as people read them', () => {
  it.each([
    ['2026-05-04T12:00:00.000Z', '2026-05-04 06:00'],
    ['2026-05-05T05:59:59.999Z', '2026-05-04 23:59'],
    ['2026-05-05T06:00:00.000Z', '2026-05-05 00:00'],
  ])('when the instant is %s, then Mexico City shows %s (the day turns at 06:00 UTC)', (iso, local) => {
    expect(mexicoCityTime(iso)).toBe(local);
    expect(cdmxTime(iso)).toBe(`${local} CDMX`);
  });

  it.each([
    [0, '0 B'],
    [70, '70 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1025, '2 KB'],
    [5 * 1_048_576, '5,120 KB'],
  ])('when a size is %i bytes, then it reads %s (bytes under 1 KB, then KB rounded up)', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });

  it('when snapshots are listed for people, then each row has both times in CDMX and its size in KB, in the order given', () => {
    const text = describeSnapshots([
      { name: 'nueva', takenAt: '2026-11-26T18:00:00.000Z', createdAt: '2026-05-04T12:00:00.000Z', sizeBytes: 204_800 },
      { name: 'vieja', takenAt: '2026-11-26T17:00:00.000Z', createdAt: '2026-06-01T12:00:00.000Z', sizeBytes: 2048 },
    ]);

    expect(text.split('\n')).toEqual([
      'NOMBRE  TOMADA (HORA REAL)     RELOJ SIMULADO         TAMAÑO',
      'nueva   2026-11-26 12:00 CDMX  2026-05-04 06:00 CDMX  200 KB',
      'vieja   2026-11-26 11:00 CDMX  2026-06-01 06:00 CDMX  2 KB',
    ]);
  });
});

describe('jobs watch, at the end', () => {
  const job = (results: Job['results']): Job => ({
    id: 'j1', platform: 'platform_a', status: 'completed', total: results.length, processed: results.length,
    succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results,
    startedAt: null, completedAt: null, createdAt: '2026-05-04T12:00:00.000Z',
  });

  it('when items failed, then each is listed with its plate or driver and its reason after the summary', () => {
    const text = jobReport(job([
      { vehicleId: 'v1', plate: 'ABC-123', ok: true, message: null },
      { vehicleId: 'v2', plate: 'XYZ-987', ok: false, message: 'Falta la tarjeta de circulación.' },
      { driverId: 'd1', ok: false, message: null },
    ]));

    expect(text.split('\n')).toEqual([
      'Lote j1 — estado: completed; 3/3 procesados, 1 correctos, 2 fallidos',
      'Elementos fallidos:',
      '  vehículo v2 (placa XYZ-987): Falta la tarjeta de circulación.',
      '  conductor d1: sin motivo registrado',
    ]);
  });

  it('when nothing failed, then the summary stands alone', () => {
    expect(jobReport(job([{ vehicleId: 'v1', ok: true, message: null }]))).toBe('Lote j1 — estado: completed; 1/1 procesados, 1 correctos, 0 fallidos');
  });
});
