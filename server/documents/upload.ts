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
  /**
   * The file part came, but its bytes are not a JPEG or PNG: 415, once the form's text fields have
   * been judged (a bad `type` is 400 whatever the file, and wherever it sits in the form).
   */
  notAnImage?: boolean;
}

const tooLarge = () => new AppError('FILE_TOO_LARGE');
/** Judged by Content-Length before reading: the request may be over its bound with a file under 4 MB. */
const requestTooLarge = () => new AppError('FILE_TOO_LARGE',
  'La solicitud supera el máximo de 4 MB del archivo más 64 KB para el resto del formulario (sus otros campos y separadores).');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG's first chunk: IHDR, 13 bytes long. */
const PNG_IHDR = Buffer.from([0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const PNG_IEND = Buffer.from('IEND', 'latin1');
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);
const JPEG_EOI = Buffer.from([0xff, 0xd9]);

/**
 * The type is told by the bytes, never by the file name or the declared content type, and by the
 * file's frame, not its first bytes alone (spec §4: "JPEG or PNG"): a PNG is its signature, an IHDR
 * chunk first and an IEND chunk; a JPEG its start-of-image marker and, after it, an end-of-image one.
 * The pixels are not decoded: platform_a reviews the card, not its picture.
 */
export function sniffImage(bytes: Buffer): 'image/jpeg' | 'image/png' | null {
  if (bytes.subarray(0, 3).equals(JPEG_SOI) && bytes.lastIndexOf(JPEG_EOI) >= JPEG_SOI.length) return 'image/jpeg';
  const png = bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(8, 16).equals(PNG_IHDR);
  // IHDR's 13 bytes and its CRC come before any other chunk.
  if (png && bytes.lastIndexOf(PNG_IEND) >= 8 + 8 + 13 + 4 + 4) return 'image/png';
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
        const contentType = sniffImage(bytes);
        if (contentType) result.file = { bytes, contentType };
        else result.notAnImage = true;
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
