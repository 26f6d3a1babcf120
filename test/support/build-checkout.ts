import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const roots: string[] = [];

/** A small checkout for scripts/build.mjs: the files given, under a temp root (removeCheckouts after each test). */
export function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'fleet-build-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

export function removeCheckouts(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** Moves a file's modification time by `seconds` from now (the build compares source and output times). */
export function age(path: string, seconds: number): void {
  const at = new Date(Date.now() + seconds * 1000);
  utimesSync(path, at, at);
}
