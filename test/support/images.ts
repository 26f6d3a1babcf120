/**
 * Upload fixtures. The API tells the file type by its frame (server/documents/upload.ts), not by
 * decoding it, so the big buffers are a PNG's signature and IHDR, padding, then its IEND: not a
 * decodable image, but exactly the size the limit is about.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** A 1×1 RGBA PNG (valid chunks and CRCs), 70 bytes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 greyscale JFIF JPEG, SOI to EOI, 136 bytes. */
export const TINY_JPEG = Buffer.concat([
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////' +
      '////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  Buffer.from([0xff, 0xd9]),
]);

/** The tiny PNG's signature and IHDR chunk (8 + 25 bytes), and its IEND chunk (the last 12). */
export const PNG_HEAD = TINY_PNG.subarray(0, 33);
export const PNG_IEND = TINY_PNG.subarray(TINY_PNG.length - 12);

/** A buffer of `size` bytes framed as a PNG: its head, zeros, its IEND. */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0);
  PNG_HEAD.copy(bytes, 0);
  PNG_IEND.copy(bytes, size - PNG_IEND.length);
  return bytes;
}

/** Exactly the 4 MB maximum: accepted. */
export const PNG_4MB = pngOfSize(MAX_UPLOAD_BYTES);
/** One byte over the maximum: 413 FILE_TOO_LARGE. */
export const PNG_4MB_PLUS_1 = pngOfSize(MAX_UPLOAD_BYTES + 1);

export const TEXT_FILE = Buffer.from('Tarjeta de circulación: ABC-123\n', 'utf8');
export const PDF_FILE = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
