import { describe, expect, it } from 'vitest';
import {
  BUILD_FROM_SOURCE_COMMAND,
  DEPENDENCIES_MISSING,
  NATIVE_BINDING_MISSING,
  nativeBuildProblem,
  nodeTooOld,
} from '../../cli/native-check.mjs';

const failingWith = (message: string, code?: string) => () => {
  throw Object.assign(new Error(message), code ? { code } : {});
};
const opens = () => {};

describe('native binding check', () => {
  it('when better-sqlite3 opens a database (this install), then there is no problem', () => {
    expect(nativeBuildProblem()).toBeNull();
  });

  it.each(['v22.0.0', 'v24.21.0', 'v26.1.0'])('when Node is %s, then its version is no problem', (version) => {
    expect(nativeBuildProblem(opens, version)).toBeNull();
  });

  it.each(['v21.7.3', 'v20.20.2'])('when Node is %s, then the line asks for Node 22 or later before opening anything', (version) => {
    const problem = nativeBuildProblem(() => expect.unreachable('a database opened on an unsupported Node'), version);
    expect(problem).toBe(nodeTooOld(version));
    expect(problem).toContain('Node 22 o posterior');
  });

  it('when the prebuilt binary cannot be loaded, then the line says which platforms ship one and how to build it', () => {
    const problem = nativeBuildProblem(failingWith('Cannot find module ../prebuilds/freebsd-x64.node'), 'v24.21.0');
    expect(problem).toBe(NATIVE_BINDING_MISSING);
    expect(problem).toContain(BUILD_FROM_SOURCE_COMMAND);
  });

  it('when the binding fails to open (dlopen), then it is the same line', () => {
    const mismatch = failingWith('was compiled against a different Node.js version using NODE_MODULE_VERSION 115', 'ERR_DLOPEN_FAILED');
    expect(nativeBuildProblem(mismatch, 'v24.21.0')).toBe(NATIVE_BINDING_MISSING);
  });

  it('when better-sqlite3 itself is not installed, then the line says to run npm install', () => {
    const missing = failingWith("Cannot find module 'better-sqlite3'", 'MODULE_NOT_FOUND');
    expect(nativeBuildProblem(missing, 'v24.21.0')).toBe(DEPENDENCIES_MISSING);
  });

  it('when the messages are printed, then each is a single line with no approval step left', () => {
    for (const line of [NATIVE_BINDING_MISSING, DEPENDENCIES_MISSING, nodeTooOld('v20.20.2')]) {
      expect(line).not.toContain('\n');
      expect(line).not.toContain('install-scripts');
    }
  });
});
