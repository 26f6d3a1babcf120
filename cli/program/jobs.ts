import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareJobs = (program: Command) =>
  declareGroup(program, 'jobs', 'lotes (jobs) del serve en marcha', () => import('../commands/jobs.ts'), {
    'watch <jobId>': {
      does: 'muestra una barra de progreso hasta que el lote termina (completed o failed) y los elementos que fallaron',
      run: 'watchJob',
      options: { '--interval <ms>': ['cada cuántos milisegundos se consulta', '250'] },
      json: 'imprime el lote final como un documento JSON',
    },
  });
