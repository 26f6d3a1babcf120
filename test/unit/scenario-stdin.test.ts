import { afterEach, describe, expect, it } from 'vitest';
import { loadScenario, ScenarioFileError, STDIN_FILE } from '../../cli/scenario/load.ts';

describe('scenario run - (the file on the standard input)', () => {
  const wasTty = Object.getOwnPropertyDescriptor(process.stdin, 'isTTY');
  afterEach(() => {
    if (wasTty) Object.defineProperty(process.stdin, 'isTTY', wasTty);
    else delete (process.stdin as { isTTY?: boolean }).isTTY;
  });

  it('when the standard input is a terminal, then - is refused at once, saying to redirect the file (it would wait for typing nobody announced)', () => {
    Object.defineProperty(process.stdin, 'isTTY', { value: true, configurable: true });

    expect(() => loadScenario(STDIN_FILE)).toThrow(ScenarioFileError);
    expect(() => loadScenario(STDIN_FILE)).toThrow('- lee el escenario de la entrada estándar, y aquí es una terminal: pásale el archivo con < archivo.yaml');
  });
});
