import { z } from 'zod';
import type { ClockState } from '../lib/clock.ts';
import { AppError, SIMULATORS } from '../errors.ts';
import { createRemote, parseAnswer, platformRejected, type PlatformClientOptions, type RemoteAnswer } from './http.ts';
import { PaDriverEnvelope, PaVehicleEnvelope, toInvitation, toRegistration } from './platform-a-wire.ts';
import { DecisionsAnswer, refusedDecision, toDecided, type PlatformADecided, type PlatformADecisions } from './platform-a-decisions.ts';
import type { PlatformInvitation, PlatformName, PlatformRegistration } from './types.ts';

const LABEL = SIMULATORS;

const ClockAnswer = z.object({
  now: z.string(), frozenAtMs: z.number().nullable(), offsetMs: z.number(), fleets: z.record(z.string(), z.number()),
});
const FleetClockAnswer = z.object({ fleetId: z.string(), offsetMs: z.number(), now: z.string() });
const HealthAnswer = z.object({ status: z.literal('ok'), now: z.string() });
const FaultState = z.object({ mode: z.enum(['none', 'error', 'slow']), ms: z.number() });
const FaultAnswer = z.object({ platform: z.enum(['platform_a', 'platform_b']), mode: z.enum(['none', 'error', 'slow']), ms: z.number() });
const BindingsAnswer = z.object({
  bindings: z.array(z.object({ vehicleExternalId: z.string(), driverExternalId: z.string(), boundAt: z.string() })),
});
const StateFile = z.object({ file: z.string() });
const RestoredAnswer = z.object({ now: z.string() });
const FitsAnswer = z.object({ fits: z.boolean() });
const FleetDeleted = z.object({ fleetId: z.string(), deletedRecords: z.number() });
const FleetChanges = z.object({ seq: z.number(), fleets: z.array(z.object({ id: z.string(), seq: z.number() })) });
const FleetDueHeld = z.object({ fleetId: z.string(), held: z.boolean(), seq: z.number() });
const FleetDueReleased = FleetDueHeld.extend({ changedByDue: z.boolean() });
// `seq`: the fleet's last change number once saved or restored (fleet-changes.ts).
const FleetSaved = z.object({ fleetId: z.string(), name: z.string(), sizeBytes: z.number(), seq: z.number() });
const FleetRestored = z.object({ fleetId: z.string(), name: z.string(), now: z.string(), seq: z.number() });
const FleetSnapshotDeleted = z.object({ fleetId: z.string(), name: z.string(), deleted: z.boolean() });
const HeldRecord = z.object({ externalId: z.string(), status: z.string() });
const ViewAnswer = BindingsAnswer.extend({ vehicles: z.array(HeldRecord), drivers: z.array(HeldRecord) });
const Generated = z.object({ vehicles: z.number(), days: z.number(), rides: z.number() });
const GenerateAnswer = z.object({ platforms: z.object({ platform_a: Generated, platform_b: Generated }) });
const ControlError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type SimulatorClock = z.infer<typeof ClockAnswer>;
export type Fault = z.infer<typeof FaultAnswer>;
export type GeneratedRides = z.infer<typeof Generated>;
export type PlatformBinding = z.infer<typeof BindingsAnswer>['bindings'][number];
export type PlatformView = z.infer<typeof ViewAnswer>;

export interface ReviewDecision {
  verdict: 'approved' | 'rejected';
  /** Defaults to approved on the simulator: the vehicle, not its card, was the problem. */
  card?: 'approved' | 'rejected';
}

const SEGMENT: Record<PlatformName, string> = { platform_a: 'platform-a', platform_b: 'platform-b' };
const enc = encodeURIComponent;

/**
 * The simulators' control surface (`/_control`): what the API and the CLI use to push simulated
 * time and to act as the platform's reviewers and drivers. Never sends credentials (it refuses them).
 */
export function createSimulatorControlClient(options: PlatformClientOptions) {
  const remote = createRemote(LABEL, options);

  /** 404: the platform does not know the resource; 409: it is not in a state that allows the action. */
  function expectOk(answer: RemoteAnswer, notFound: string, conflict: string): void {
    if (answer.status === 200) return;
    const parsed = ControlError.safeParse(answer.body);
    if (answer.status === 404) throw new AppError('NOT_FOUND', notFound);
    // The platform's code, not its words: they are English, and the message above says it in Spanish.
    if (answer.status === 409) throw new AppError('CONFLICT', conflict, parsed.success ? { code: parsed.data.error.code } : null);
    const error = parsed.success ? parsed.data.error : { code: 'unknown', message: `HTTP ${answer.status}` };
    throw platformRejected(LABEL, answer, error);
  }

  async function call<T>(schema: z.ZodType<T>, method: 'GET' | 'POST', path: string, json?: unknown): Promise<T> {
    const answer = await remote({ method, path, json });
    expectOk(answer, 'El recurso de control no existe.', 'La operación de control no aplica.');
    return parseAnswer(schema, answer, LABEL);
  }

  async function answerInvitation(externalId: string, answer: 'accept' | 'decline'): Promise<PlatformInvitation> {
    const result = await remote({ method: 'POST', path: `/_control/platform-a/drivers/${enc(externalId)}/${answer}` });
    // Named: a copied id that is cut or of another world reads the same as a driver never invited.
    expectOk(result, `El conductor ${externalId} no fue invitado en platform_a (o no es el id de un conductor).`, 'La invitación ya no está pendiente de respuesta.');
    return toInvitation(parseAnswer(PaDriverEnvelope, result, LABEL).driver);
  }

  return {
    health: () => call(HealthAnswer, 'GET', '/_control/health'),
    getClock: () => call(ClockAnswer, 'GET', '/_control/clock'),
    /**
     * Sets the service clock, and with `fleets` every fleet's offset (fleets not named go back to 0);
     * everything due by the new now has happened when this resolves.
     */
    /** `settle: false`: answered once kept, the due work done afterwards (the API's start). */
    setClock: (state: ClockState & { fleets?: Record<string, number>; settle?: boolean }) => call(ClockAnswer, 'POST', '/_control/clock', state),
    getFleetClock: (fleetId: string) => call(FleetClockAnswer, 'GET', `/_control/fleets/${enc(fleetId)}/clock`),
    /** Moves one fleet's world (a tenant's clock); everything due in it by its new now has happened when this resolves. */
    setFleetClock: (fleetId: string, offsetMs: number) =>
      call(FleetClockAnswer, 'POST', `/_control/fleets/${enc(fleetId)}/clock`, { offsetMs }),

    /** platform_a decides the pending review of that vehicle now. */
    async reviewVehicle(externalId: string, decision: ReviewDecision): Promise<PlatformRegistration> {
      const path = `/_control/platform-a/vehicles/${enc(externalId)}/review`;
      const answer = await remote({ method: 'POST', path, json: decision });
      expectOk(answer, `El vehículo ${externalId} no está registrado en platform_a (o no es el id de un vehículo).`, 'El vehículo no tiene una revisión pendiente en platform_a: la revisión empieza al subir su tarjeta de circulación (POST /v1/vehicles/{id}/documents) y termina con la decisión.');
      return toRegistration(parseAnswer(PaVehicleEnvelope, answer, LABEL).vehicle);
    },

    acceptInvitation: (externalId: string) => answerInvitation(externalId, 'accept'),
    declineInvitation: (externalId: string) => answerInvitation(externalId, 'decline'),
    /** platform_a's reviewers approve a bound driver now (fixtures: no wait for the seeded review). */
    async approveDriverReview(externalId: string): Promise<PlatformInvitation> {
      const result = await remote({ method: 'POST', path: `/_control/platform-a/drivers/${enc(externalId)}/review` });
      expectOk(result, `El conductor ${externalId} no fue invitado en platform_a (o no es el id de un conductor).`, 'El conductor no tiene una revisión en curso en platform_a.');
      return toInvitation(parseAnswer(PaDriverEnvelope, result, LABEL).driver);
    },
    /**
     * The three calls above for many vehicles and drivers in one (a fixture's reviewers and drivers):
     * all decided, or none, and the refusal names its item (platform-a-decisions.ts).
     */
    async decidePlatformA(decisions: PlatformADecisions): Promise<PlatformADecided> {
      const answer = await remote({ method: 'POST', path: '/_control/platform-a/decisions', json: decisions });
      const refused = refusedDecision(answer);
      if (refused) throw refused;
      expectOk(answer, 'El recurso de control no existe.', 'La operación de control no aplica.');
      return toDecided(parseAnswer(DecisionsAnswer, answer, LABEL));
    },

    getFaults: () => call(z.object({ platform_a: FaultState, platform_b: FaultState }), 'GET', '/_control/faults'),
    setFault: (platform: PlatformName, mode: Fault['mode'], ms?: number) =>
      call(FaultAnswer, 'POST', '/_control/faults', { platform, mode, ms }),

    /** Both platforms backfill the missing days of a window for the fleet's current vehicles (docs/rides.md). */
    generateRides: (body: { fleetId: string; from: string; to: string }) =>
      call(GenerateAnswer, 'POST', '/_control/rides/generate', body),

    /** Forgets a fleet on both platforms: its vehicles, drivers, bindings and ride days. */
    deleteFleet: async (fleetId: string) => {
      const answer = await remote({ method: 'DELETE', path: `/_control/fleets/${enc(fleetId)}` });
      expectOk(answer, 'La flota no existe en las plataformas.', 'La operación de control no aplica.');
      return parseAnswer(FleetDeleted, answer, LABEL);
    },
    /**
     * The fleets whose platform records (vehicles, drivers, bindings) were written after `since`, a
     * number of the companion's change sequence, each with its last number, and the sequence's last
     * number (fleet-changes.ts).
     */
    changedFleets: (since: number) => call(FleetChanges, 'GET', `/_control/fleets/changed?since=${since}`),
    /**
     * The fleet's simulated due work waits until released (a fixture's phase); the release runs it. Both
     * answer the fleet's last change number, the release whether that due work wrote any of its records.
     */
    holdFleetDue: (fleetId: string) => call(FleetDueHeld, 'POST', `/_control/fleets/${enc(fleetId)}/due-hold`),
    releaseFleetDue: async (fleetId: string) => {
      const answer = await remote({ method: 'DELETE', path: `/_control/fleets/${enc(fleetId)}/due-hold` });
      expectOk(answer, 'La flota no existe en las plataformas.', 'La operación de control no aplica.');
      return parseAnswer(FleetDueReleased, answer, LABEL);
    },
    /** One fleet's records on both platforms copied under `name` (a world snapshot's half). */
    saveFleet: (fleetId: string, name: string) =>
      call(FleetSaved, 'POST', `/_control/fleets/${enc(fleetId)}/snapshots/${enc(name)}`),
    /** The fleet's records replaced by the copy; every other fleet's untouched. 404: no such copy. */
    restoreFleet: async (fleetId: string, name: string) => {
      const answer = await remote({ method: 'POST', path: `/_control/fleets/${enc(fleetId)}/snapshots/${enc(name)}/restore` });
      expectOk(answer, 'La copia de la flota no existe en las plataformas.', 'La operación de control no aplica.');
      return parseAnswer(FleetRestored, answer, LABEL);
    },
    /** The fleet back as it was before its last restore (the API's half of the restore failed). */
    undoFleetRestore: (fleetId: string) => call(FleetClockAnswer.pick({ fleetId: true, now: true }), 'POST', `/_control/fleets/${enc(fleetId)}/undo-restore`),
    deleteFleetSnapshot: async (fleetId: string, name: string) => {
      const answer = await remote({ method: 'DELETE', path: `/_control/fleets/${enc(fleetId)}/snapshots/${enc(name)}` });
      expectOk(answer, 'La instantánea no existe en las plataformas.', 'La operación de control no aplica.');
      return parseAnswer(FleetSnapshotDeleted, answer, LABEL);
    },
    /** Copies the platforms' whole state into a new database file (a snapshot's half). */
    saveState: (file: string) => call(StateFile, 'POST', '/_control/state/save', { file }),
    /** Whether a copy of the platforms' state was made by their present schema (an older version's is not). */
    stateFits: async (file: string): Promise<boolean> => (await call(FitsAnswer, 'POST', '/_control/state/fits', { file })).fits,
    /** Brings back every record, id stream and the clock saved in that file. */
    restoreState: (file: string) => call(RestoredAnswer, 'POST', '/_control/state/restore', { file }),
    /** Writes the platforms of a new data dir, at that clock, into a new database file. */
    buildBaseline: (file: string, clock: ClockState) => call(StateFile, 'POST', '/_control/state/baseline', { file, clock }),

    /** The platform's own view of the active bindings (every fleet's, or one's), to compare with the API's assignments. */
    listBindings: async (platform: PlatformName, fleetId?: string): Promise<PlatformBinding[]> =>
      (await call(BindingsAnswer, 'GET', `/_control/${SEGMENT[platform]}/bindings${fleetId === undefined ? '' : `?fleetId=${enc(fleetId)}`}`)).bindings,

    /** Every vehicle, driver and active binding the platform holds, by the API's ids. */
    platformView: (platform: PlatformName): Promise<PlatformView> => call(ViewAnswer, 'GET', `/_control/${SEGMENT[platform]}/view`),
  };
}

export type SimulatorControlClient = ReturnType<typeof createSimulatorControlClient>;
