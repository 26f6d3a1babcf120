#!/usr/bin/env node
// The package's bin: TypeScript runs through tsx's loader, so a checkout needs no build step.
// The native check comes first (tsx imported after it): a broken install gets one line, not a trace.
import { exitIfNativeBuildMissing } from './native-check.mjs';

exitIfNativeBuildMissing();
const { register } = await import('tsx/esm/api');
register();
await import('./main.ts');
