import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, invalidFields, validation, WHOLE_BODY } from '../errors.ts';

export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Room for the multipart boundaries, `type` and a few other text fields around a file of the maximum size. */
const MAX_REQUEST_BYTES = MAX_FILE_BYTES + 64 * 1024;
/**
 * Text fields read, `type` among them; the others are ignored (docs/decisions.md). A form with more
 * is refused saying so: past its limit busboy drops the rest unsaid, `type` or `file` among them.
 */
export const MAX_TEXT_FIELDS = 20;

export interface Upload {
  type: string | undefined;
  file: { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' } | undefined;
  /** A part named file came as a form field (no filename in its Content-Disposition), not a file. */
  fileSentAsText?: boolean;
}

const tooLarge = () => new AppError('FILE_TOO_LARGE');
/** Judged by Content-Length before reading: the request may be over its bound with a file under 4 MB. */
const requestTooLarge = () => new AppError('FILE_TOO_LARGE',
  'La solicitud supera el máximo de 4 MB del archivo más 64 KB para el resto del formulario (sus otros campos y separadores).');

/** The type is told by the bytes, never by the file name or the declared content type. */
export function sniffImage(head: Buffer): 'image/jpeg' | 'image/png' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

/**
 * Streams a multipart upload and stops reading as soon as the file passes 4 MB, so an oversize
 * upload is refused without buffering it whole.
 */
export function readUpload(req: Request): Promise<Upload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(validation('El cuerpo debe ser multipart/form-data con los campos file y type.'));
  }
  if (Number(req.get('content-length') ?? 0) > MAX_REQUEST_BYTES) return Promise.reject(requestTooLarge());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy emits 'limit' when a file *reaches* fileSize, so a file of exactly 4 MB needs one byte more.
      parser = busboy({ headers: req.headers, limits: { fileSize: MAX_FILE_BYTES + 1, files: 1, fields: MAX_TEXT_FIELDS } });
    } catch {
      return reject(validation('La cabecera multipart no es válida (falta el boundary).'));
    }
    const result: Upload = { type: undefined, file: undefined };
    let failed = false;
    const fail = (err: AppError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('field', (name, value) => {
      if (name === 'type' && result.type !== undefined) fail(invalidFields([{ field: 'type', message: 'type debe darse una sola vez' }]));
      if (name === 'type') result.type = value;
      if (name === 'file') result.fileSentAsText = true;
    });
    // Every part is a file or a field, so these two limits bound the parts too.
    parser.on('fieldsLimit', () => fail(invalidFields([{ field: WHOLE_BODY,
      message: `el formulario admite file y como máximo ${MAX_TEXT_FIELDS} campos de texto, type incluido` }])));
    const malformed = () => validation('El cuerpo multipart está incompleto o mal formado.');
    parser.on('file', (name, stream) => {
      // A form cut short destroys the open file stream with an error: unhandled, it would crash the process.
      stream.on('error', () => fail(malformed()));
      if (name !== 'file') return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (failed) return;
        const bytes = Buffer.concat(chunks);
        const contentType = sniffImage(bytes.subarray(0, 8));
        if (!contentType) return fail(new AppError('INVALID_FILE_TYPE'));
        result.file = { bytes, contentType };
      });
    });
    parser.on('filesLimit', () => fail(validation('Solo se admite un archivo por solicitud.')));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (!failed) resolve(result);
    });
    req.on('aborted', () => fail(validation('La subida se interrumpió.')));
    req.pipe(parser);
  });
}
