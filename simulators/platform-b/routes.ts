import express, { Router, type Request } from 'express';
import { z } from 'zod';
import type { PlatformBState } from './state.ts';
import { assignmentJson, vehicleJson } from './store.ts';

const Text = z.string().trim().min(1);

const RegisterVehicle = z.object({
  externalId: Text,
  fleetId: Text,
  licensePlate: Text,
  vin: Text,
  make: Text,
  model: Text,
  year: z.number().int(),
  color: Text,
});

const AssignDriver = z.object({ externalId: Text, name: Text, whatsapp: Text });

const param = (req: Request, name: string): string => String(req.params[name]);

/** platform_b's public REST surface (v2 in its own versioning), addressed by the partner's ids. */
export function platformBRoutes(state: PlatformBState): Router {
  const router = Router();
  const json = express.json();

  router.post('/api/v2/vehicles', json, (req, res) => {
    const body = RegisterVehicle.parse(req.body);
    const { vehicle, created } = state.registerVehicle({
      externalId: body.externalId, fleetId: body.fleetId, plate: body.licensePlate, vin: body.vin,
      make: body.make, model: body.model, year: body.year, color: body.color,
    });
    res.status(created ? 201 : 200).json({ data: vehicleJson(vehicle) });
  });

  router.get('/api/v2/vehicles/:externalId', (req, res) => {
    res.json({ data: vehicleJson(state.requireVehicle(param(req, 'externalId'))) });
  });

  router.delete('/api/v2/vehicles/:externalId', (req, res) => {
    res.json({ data: vehicleJson(state.removeVehicle(param(req, 'externalId'))) });
  });

  router.put('/api/v2/vehicles/:externalId/driver', json, (req, res) => {
    const vehicleId = param(req, 'externalId');
    const driver = AssignDriver.parse(req.body);
    const { binding, created } = state.assignDriver(vehicleId, driver);
    res.status(created ? 201 : 200).json({ data: assignmentJson(binding, vehicleId, driver.externalId) });
  });

  router.delete('/api/v2/vehicles/:externalId/driver/:driverExternalId', (req, res) => {
    const vehicleId = param(req, 'externalId');
    const driverId = param(req, 'driverExternalId');
    res.json({ data: assignmentJson(state.unassignDriver(vehicleId, driverId), vehicleId, driverId) });
  });

  return router;
}
