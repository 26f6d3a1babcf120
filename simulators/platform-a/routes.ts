import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { errors } from './errors.ts';
import type { PlatformAState } from './state.ts';
import { bindingJson, driverJson, vehicleJson } from './store.ts';

const Text = z.string().trim().min(1);

const RegisterVehicle = z.object({
  external_id: Text,
  fleet_id: Text,
  plate: Text,
  vin: Text.nullish(),
  brand: Text,
  model: Text,
  year: z.number().int(),
  color: Text,
  city: Text,
});

const InviteDriver = z.object({ external_id: Text, fleet_id: Text, name: Text, whatsapp: Text });
const BindDriver = z.object({ driver_external_id: Text });

const CARD_TYPES = new Set(['image/jpeg', 'image/png']);
/** platform_a's own upload limit; the API stops larger files (4 MB) before they get here. */
const MAX_CARD_BYTES = 5 * 1024 * 1024;

const param = (req: Request, name: string): string => String(req.params[name]);

/** platform_a's public REST surface, addressed by the partner's own ids (external_id). */
export function platformARoutes(state: PlatformAState): Router {
  const router = Router();
  const json = express.json();

  router.post('/v1/vehicles', json, (req, res) => {
    const body = RegisterVehicle.parse(req.body);
    const { vehicle, created } = state.registerVehicle({
      externalId: body.external_id, fleetId: body.fleet_id, plate: body.plate, vin: body.vin ?? null,
      brand: body.brand, model: body.model, year: body.year, color: body.color, city: body.city,
    });
    res.status(created ? 201 : 200).json({ vehicle: vehicleJson(vehicle) });
  });

  router.get('/v1/vehicles/:externalId', (req, res) => {
    res.json({ vehicle: vehicleJson(state.requireVehicle(param(req, 'externalId'))) });
  });

  router.delete('/v1/vehicles/:externalId', (req, res) => {
    res.json({ vehicle: vehicleJson(state.removeVehicle(param(req, 'externalId'))) });
  });

  // The card travels as the raw request body, typed by Content-Type, as in many upload APIs.
  const raw = express.raw({ type: () => true, limit: MAX_CARD_BYTES });
  router.put('/v1/vehicles/:externalId/circulation-card', raw, (req, res) => {
    const contentType = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!CARD_TYPES.has(contentType)) throw errors.unsupportedMedia();
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (bytes.length === 0) throw errors.emptyFile();
    const { vehicle, document } = state.uploadCard(param(req, 'externalId'), { contentType, bytes });
    res.status(202).json({
      document: { id: document.id, content_type: document.content_type, size_bytes: document.size_bytes,
        uploaded_at: new Date(document.uploaded_at).toISOString() },
      vehicle: vehicleJson(vehicle),
    });
  });

  router.post('/v1/drivers', json, (req, res) => {
    const body = InviteDriver.parse(req.body);
    const { driver, created } = state.invite({
      externalId: body.external_id, fleetId: body.fleet_id, name: body.name, whatsapp: body.whatsapp,
    });
    res.status(created ? 201 : 200).json({ driver: driverJson(driver) });
  });

  router.get('/v1/drivers/:externalId', (req, res) => {
    res.json({ driver: driverJson(state.requireDriver(param(req, 'externalId'))) });
  });

  router.delete('/v1/drivers/:externalId', (req, res) => {
    res.json({ driver: driverJson(state.cancelInvitation(param(req, 'externalId'))) });
  });

  router.post('/v1/vehicles/:externalId/drivers', json, (req, res) => {
    const vehicleId = param(req, 'externalId');
    const { driver_external_id: driverId } = BindDriver.parse(req.body);
    const { binding, created } = state.bindDriver(vehicleId, driverId);
    res.status(created ? 201 : 200).json({ binding: bindingJson(binding, vehicleId, driverId) });
  });

  router.delete('/v1/vehicles/:externalId/drivers/:driverExternalId', (req, res) => {
    const vehicleId = param(req, 'externalId');
    const driverId = param(req, 'driverExternalId');
    res.json({ binding: bindingJson(state.unbindDriver(vehicleId, driverId), vehicleId, driverId) });
  });

  return router;
}
