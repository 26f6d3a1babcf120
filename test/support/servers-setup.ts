import { afterAll } from 'vitest';
import { closeTestServers } from './listening.ts';

// Runs after every test file (vitest.config.ts setupFiles): the servers its test apps listened on go.
afterAll(closeTestServers);
