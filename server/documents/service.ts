import type { Deps } from '../deps.ts';
import { AppError, conflict, invalidFields } from '../errors.ts';
import { createRegistrationWriter } from '../registrations/apply.ts';
import type { VehicleService } from '../vehicles/service.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import { createDocumentStore, toDocument, type Document } from './store.ts';
import type { Upload } from './upload.ts';

export const DOCUMENT_TYPES = ['circulation_card_front'] as const;

type DocumentDeps = Pick<Deps, 'db' | 'clocks' | 'ids' | 'platformA'>;

/** Registration states in which platform_a holds the vehicle and can take its card. */
const HAS_PLATFORM_A_RECORD = new Set(['pending', 'approved', 'rejected']);

/** `vehicles` is the one vehicle service of server/services.ts; `coverage` counts the transitions. */
export function createDocumentService(
  deps: DocumentDeps,
  { vehicles, coverage }: { vehicles: VehicleService; coverage: TransitionRecording },
) {
  const writer = createRegistrationWriter(deps.db, coverage);
  const documents = createDocumentStore(deps.db);

  function validUpload(upload: Upload): { type: string; file: NonNullable<Upload['file']> } {
    if (upload.type === undefined) throw invalidFields([{ field: 'type', message: 'type es obligatorio' }]);
    if (!(DOCUMENT_TYPES as readonly string[]).includes(upload.type)) {
      throw invalidFields([{ field: 'type', message: `type debe ser ${DOCUMENT_TYPES.join(' o ')}` }]);
    }
    if (upload.file) return { type: upload.type, file: upload.file };
    if (upload.notAnImage) throw new AppError('INVALID_FILE_TYPE');
    // A part with no filename is a text field to a multipart reader (a form built by hand, curl -F 'file=<x').
    throw invalidFields([{ field: 'file', message: upload.fileSentAsText
      ? 'file llegó como texto, no como archivo: su Content-Disposition necesita un filename (p. ej. filename="tarjeta.png")'
      : 'file es obligatorio: la imagen JPEG o PNG de la tarjeta' }]);
  }

  /**
   * Sends the circulation card to platform_a, which starts (or restarts, after a rejected card) its
   * review. A card the platform refuses is kept in the history as `failed`; an outage stores nothing.
   */
  async function upload(tenantId: string, vehicleId: string, raw: Upload): Promise<Document> {
    const vehicle = vehicles.requireRow(tenantId, vehicleId);
    const { type, file } = validUpload(raw);
    const registration = writer.registrations.get(vehicleId, 'platform_a');
    if (!registration || !HAS_PLATFORM_A_RECORD.has(registration.status)) {
      throw conflict('El vehículo debe registrarse primero en platform_a para subir la tarjeta de circulación.');
    }
    const base = { id: deps.ids.inWorld(tenantId), tenant_id: tenantId, vehicle_id: vehicleId, type, content_type: file.contentType };
    try {
      const result = await deps.platformA.uploadCirculationCard(vehicleId, { bytes: file.bytes, contentType: file.contentType });
      const row = { ...base, status: 'submitted' as const, size_bytes: result.sizeBytes, submitted_at: result.submittedAt, platform_ref: result.platformRef };
      deps.db.transaction(() => {
        documents.insert(row);
        writer.apply(vehicle, result.registration, deps.clocks.forTenant(tenantId).now().toISOString());
      })();
      return toDocument(row);
    } catch (err) {
      if (err instanceof AppError && err.code === 'PLATFORM_REJECTED') {
        documents.insert({ ...base, status: 'failed', size_bytes: file.bytes.length, submitted_at: deps.clocks.forTenant(tenantId).now().toISOString(), platform_ref: null });
      }
      throw err;
    }
  }

  function list(tenantId: string, vehicleId: string): Document[] {
    vehicles.requireRow(tenantId, vehicleId);
    return documents.forVehicle(vehicleId).map(toDocument);
  }

  const requireVehicle = (tenantId: string, vehicleId: string): void => void vehicles.requireRow(tenantId, vehicleId);

  return { upload, list, requireVehicle };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
