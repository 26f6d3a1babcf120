import type { Command } from 'commander';
import { declareCommands, declareGroup } from './declare.ts';

const load = () => import('../commands/snapshot.ts');

export function declareSnapshot(program: Command): void {
  declareCommands(program, load, {
    reset: { does: 'devuelve el testbed en marcha al estado de un directorio de datos nuevo (conserva el tenant demo y su clave)', run: 'reset' },
  });
  // With --tenant: one world alone, while the others go on (contract §5).
  const world = { '--tenant <tenantId>': 'solo un mundo (tenant): sus datos, sus registros en las plataformas, su reloj, sus lotes y sus claves' };
  const worldList = { '--tenant <tenantId>': 'las instantáneas de un mundo (tenant), no las del testbed entero' };
  declareGroup(program, 'snapshot', 'guarda y recupera el estado completo del testbed en marcha, o el de un mundo', load, {
    'save <name>': { does: 'guarda el estado de ambos procesos como NAME ([a-z0-9-], hasta 64); reemplaza la instantánea de ese nombre', run: 'saveSnapshot', options: world },
    'restore <name>': {
      does: 'devuelve todo exactamente a como estaba al guardar NAME',
      run: 'restoreSnapshot',
      options: {
        ...world,
        '--clear-faults': 'con --tenant: borra antes las reglas de falla y las fallas de plataforma del mundo (la instantánea no las guarda)',
        '--clear-requests': 'con --tenant: vacía después el diario de solicitudes del mundo (la instantánea no lo guarda)',
      },
    },
    'delete <name>': { does: 'borra una instantánea guardada', run: 'deleteSnapshot', options: world },
    list: { does: 'las instantáneas guardadas, la más reciente primero (las del testbed, por la hora real en que se tomaron; con --tenant, la última guardada primero)', run: 'listSnapshots', options: worldList },
  });
}
