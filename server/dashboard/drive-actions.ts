import type { Request, Response } from 'express';
import { pathId } from '../common/schemas.ts';
import { AdvanceBody } from '../clock/control.ts';
import { advanceWorld } from '../clock/service.ts';
import { syncWorld } from '../sync/world-sync.ts';
import type { SyncFailure } from '../sync/runner.ts';
import { GenerateBody } from '../ingestion/generate.ts';
import { cdmxTime } from '../lib/human-text.ts';
import { ReviewBody } from '../platforms/control.ts';
import { PlatformFaultBody } from '../platforms/fault-body.ts';
import type { PlatformRegistration } from '../platforms/types.ts';
import { answerAction, formFields, requireWorld, type Dashboard } from './context.ts';
import { glossed, GLOSSES } from './components.ts';
import { platformFaultOf } from './world-platform-faults.ts';

/**
 * What platform_a stored, not what was asked: a rejected card rejects the registration whatever the
 * vehicle's verdict, and the line says so rather than "vehículo approved" beside a rejection. The
 * card's verdict is named as the vehicles table names it (`revisión`; `tarjeta` there is whether it was sent).
 */
export function reviewOutcome(plate: string, asked: string, decided: Pick<PlatformRegistration, 'status' | 'docReviewStatus'>): string {
  const card = decided.docReviewStatus === null ? '—' : glossed(decided.docReviewStatus, GLOSSES.card);
  const stored = `platform_a decidió la revisión de ${plate}: registro ${glossed(decided.status, GLOSSES.registration)}, revisión de la tarjeta ${card}.`;
  return asked === decided.status ? stored : `${stored} Se pidió vehículo ${asked}, pero la revisión de la tarjeta (${decided.docReviewStatus}) decide el registro.`;
}

/**
 * What the API could not read of the world after an action (its platform failing: the sync retries
 * it), each message once: several tasks fail with the same platform's message.
 */
export function unreadLine(notSynced: readonly SyncFailure[]): string {
  if (notSynced.length === 0) return '';
  return ` Sin leer de las plataformas (se reintenta): ${[...new Set(notSynced.map((f) => f.message))].join(' ')}`;
}

/**
 * After a platform decision, whether the API has read it (`read`: what it stores now is what the
 * platform decided) and what it could not read of the world: another platform failing leaves this
 * decision read, and the line says only that other failure.
 */
const afterDecision = (read: boolean, notSynced: readonly SyncFailure[]): string =>
  read ? unreadLine(notSynced) : ` La API aún no lo ha leído: la página muestra lo de antes hasta que lo lea.${unreadLine(notSynced)}`;

/**
 * The world page's actions, through the same operations as the control API: the schemas judge the
 * form, the simulators' control client plays platform_a, and the control API's clock and rides
 * functions move the world. After a platform decision the API syncs that world (sync/world-sync.ts:
 * another world's slow platform does not hold it), so the page shows what the API sees (what the
 * background sync would show a little later); what it could not read is said with the decision.
 */
export function driveActions(ctx: Dashboard) {
  const { deps, services } = ctx;

  return {
    async advance(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      const { duration } = AdvanceBody.parse(formFields(req));
      const { now, notSynced } = await advanceWorld(deps, services, duration, tenant.id);
      answerAction(res, `Reloj de «${tenant.name}» avanzado ${duration}: ahora ${cdmxTime(now)}.${unreadLine(notSynced)}`);
    },

    async review(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      const vehicle = services.vehicles.get(tenant.id, pathId(req.params.vehicle, 'El vehículo'));
      const decision = ReviewBody.parse(formFields(req));
      const decided = await deps.simulators.reviewVehicle(vehicle.id, decision);
      const notSynced = await syncWorld(deps, services, tenant.id);
      const seen = services.registrations.get(tenant.id, vehicle.id, 'platform_a');
      const read = seen.status === decided.status && seen.docReviewStatus === decided.docReviewStatus;
      answerAction(res, `${reviewOutcome(vehicle.plate, decision.verdict, decided)}${afterDecision(read, notSynced)}`);
    },

    answer: (choice: 'accept' | 'decline') => async (req: Request, res: Response): Promise<void> => {
      const tenant = requireWorld(ctx, req);
      const driver = services.drivers.get(tenant.id, pathId(req.params.driver, 'El conductor'));
      const accept = choice === 'accept';
      const live = accept ? await deps.simulators.acceptInvitation(driver.id) : await deps.simulators.declineInvitation(driver.id);
      const notSynced = await syncWorld(deps, services, tenant.id);
      const read = services.invitations.get(tenant.id, driver.id, 'platform_a').status === live.status;
      answerAction(res, `${driver.name} ${accept ? 'aceptó' : 'declinó'} la invitación de platform_a: ${glossed(live.status, GLOSSES.invitation)}.${afterDecision(read, notSynced)}`);
    },

    async generate(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      const body = GenerateBody.parse({ ...formFields(req), tenantId: tenant.id });
      const made = await ctx.generateRides(body);
      const count = (p: 'platform_a' | 'platform_b') => `${p} ${made.platforms[p].rides} viajes (${made.platforms[p].generatedRides} nuevos)`;
      answerAction(res, `Viajes del ${made.from} al ${made.generatedTo} generados e ingeridos: ${count('platform_a')}, ${count('platform_b')}.`);
    },

    async fault(req: Request, res: Response): Promise<void> {
      const body = PlatformFaultBody.parse(platformFaultOf(formFields(req)));
      const set = await deps.simulators.setFault(body.platform, body.mode, body.ms);
      const mode = set.mode === 'slow' ? `slow (lenta, ${set.ms} ms)` : set.mode === 'none' ? 'none (sin falla)' : set.mode;
      answerAction(res, `Falla de ${set.platform} en todo el testbed: ${mode}.`);
    },
  };
}
