/**
 * One testbed for the whole run (the tests make a world each, so they share it safely). With
 * FLEET_URL set, the tests use that serve instead: a CI service container, or one started by hand.
 */
import type { TestProject } from 'vitest/node';
import { connectTestbed, startTestbed } from 'fleet-testbed/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    testbedUrl: string;
    controlToken: string;
  }
}

export default async function setup(project: TestProject) {
  const token = process.env.FLEET_CONTROL_TOKEN ?? '';
  const testbed = process.env.FLEET_URL ? await connectTestbed(process.env.FLEET_URL, token || undefined) : await startTestbed();
  project.provide('testbedUrl', testbed.url);
  project.provide('controlToken', token);
  return () => testbed.stop();
}
