import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareScenario = (program: Command) =>
  declareGroup(program, 'scenario', 'archivos de escenario: llamadas a la API, pasos de control y expectativas (docs/scenarios.md)', () => import('../commands/scenario.ts'), {
    'run <files...>': {
      does: 'ejecuta archivos de escenario contra el serve en marcha, o con --fresh contra uno nuevo y temporal; con - lee uno de la entrada estándar (un archivo del anfitrión, dentro de un contenedor)',
      run: 'runScenarios',
      options: {
        '--fresh': 'inicia un entorno nuevo en un directorio de datos temporal para cada archivo, y lo detiene al final',
        '--parallel <n>': 'ejecuta hasta N archivos a la vez (cada uno en mundos propios)',
        '--seed <n>': 'con --fresh: FLEET_SEED del entorno nuevo',
        '--clock-start <iso>': 'con --fresh: FLEET_CLOCK_START del entorno nuevo',
        '--junit <file>': 'escribe además un informe JUnit XML en este archivo',
        '--coverage-out <file>': 'escribe además la cobertura de transiciones de la ejecución, en JSON, en este archivo (docs/coverage.md)',
        '--min-coverage <percent>': 'la ejecución falla si su cobertura de transiciones queda por debajo de este porcentaje',
        '--keep-worlds': 'con un serve en marcha: conserva los mundos de cada archivo (por omisión se borran los de los archivos que pasan y se conservan los de los que fallan)',
      },
      json: 'imprime un documento JSON: {ok, scenarios: [transcript], coverage}',
    },
  });
