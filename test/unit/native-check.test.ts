import { describe, expect, it } from 'vitest';
import { DEPENDENCIES_MISSING, NATIVE_BUILD_MISSING, nativeBuildProblem } from '../../cli/native-check.mjs';

const failingWith = (message: string, code?: string) => () => {
  throw Object.assign(new Error(message), code ? { code } : {});
};

describe('native build check', () => {
  it('when better-sqlite3 opens a database (this install), then there is no problem', () => {
    expect(nativeBuildProblem()).toBeNull();
  });

  it('when the binding file is absent, then the line names the approve-and-rebuild command', () => {
    const problem = nativeBuildProblem(failingWith('Could not locate the bindings file. Tried:\n → build/better_sqlite3.node'));
    expect(problem).toBe(NATIVE_BUILD_MISSING);
    expect(problem).toContain('npm install-scripts approve better-sqlite3 && npm rebuild better-sqlite3');
  });

  it('when the binding was built for another Node version, then the same rebuild line is given', () => {
    const mismatch = failingWith('was compiled against a different Node.js version using NODE_MODULE_VERSION 115', 'ERR_DLOPEN_FAILED');
    expect(nativeBuildProblem(mismatch)).toBe(NATIVE_BUILD_MISSING);
  });

  it('when better-sqlite3 itself is not installed, then the line says to run npm install', () => {
    const missing = failingWith("Cannot find module 'better-sqlite3'", 'MODULE_NOT_FOUND');
    expect(nativeBuildProblem(missing)).toBe(DEPENDENCIES_MISSING);
  });

  it('when another module is missing inside better-sqlite3, then it is still the rebuild line', () => {
    const inner = failingWith("Cannot find module 'bindings'", 'MODULE_NOT_FOUND');
    expect(nativeBuildProblem(inner)).toBe(NATIVE_BUILD_MISSING);
  });

  it('when the messages are printed, then each is a single line', () => {
    expect(NATIVE_BUILD_MISSING).not.toContain('\n');
    expect(DEPENDENCIES_MISSING).not.toContain('\n');
  });
});
