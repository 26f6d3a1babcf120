import { inject } from 'vitest';
import { connectTestbed, type World } from 'fleet-testbed/testing';
import type { NewDriver, NewVehicle } from './onboarding.ts';

/** A new world (tenant, key, clock) on the run's testbed: one per test, so tests run side by side. */
export async function newWorld(): Promise<World> {
  const testbed = await connectTestbed(inject('testbedUrl'), inject('controlToken') || undefined);
  return testbed.createWorld();
}

/**
 * Plates, VINs and WhatsApp numbers are unique across the whole API, so each world's come from its
 * tenant id (a UUID): tests running side by side never claim the same one.
 */
export function fleetData(world: World, n: number): { vehicle: NewVehicle; driver: NewDriver } {
  const hex = world.tenantId.replace(/-/g, '').toUpperCase();
  const digits = String(parseInt(hex.slice(0, 8), 16) % 10_000_000).padStart(7, '0');
  return {
    vehicle: { plate: `T${hex.slice(0, 6)}${n}`, vin: `${hex.slice(0, 14)}00${n}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco', city: 'Guadalajara' },
    // Ends in 5..9: the simulators read endings 0001..0004 as a scripted answer.
    driver: { name: `Conductora ${n}`, whatsapp: `33${digits}${5 + n}`, city: 'Guadalajara' },
  };
}

/** A 1×1 PNG: the card's bytes are not reviewed, only its type. */
export const CARD = new Blob(
  [Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')],
  { type: 'image/png' },
);
