#!/usr/bin/env node
// The package's bin: TypeScript runs through tsx's loader, so a checkout needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
