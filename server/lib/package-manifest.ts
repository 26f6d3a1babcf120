import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageManifest {
  /** The folder holding the package's package.json. */
  root: string;
  name: string;
  version: string;
  license?: string;
  bin?: Record<string, string>;
}

/**
 * The fleet-testbed package.json nearest above `from`: the same answer whether the code runs from
 * the sources (server/…) or compiled (dist/server/…), which sit at different depths.
 */
export function packageManifest(from: string = fileURLToPath(import.meta.url)): PackageManifest {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as Omit<PackageManifest, 'root'>;
      if (pkg.name === 'fleet-testbed') return { ...pkg, root: dir };
    }
    if (dirname(dir) === dir) throw new Error('no se encontró el package.json del paquete fleet-testbed');
  }
}
