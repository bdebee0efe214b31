// Identity documents: checked by their content (not the name or the declared type), kept under
// DATA_DIR/uploads behind an interface an object store can implement later.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_FIELDS, DOCUMENT_MAX_BYTES, type DocumentInfo } from '../../machines/validation';

type DocumentKind = (typeof DOCUMENT_FIELDS)[keyof typeof DOCUMENT_FIELDS];

/** An identity document as received: its kind, its bytes and what its content says it is. */
export interface StoredFile {
  kind: DocumentKind;
  bytes: Uint8Array;
  info: DocumentInfo;
}

export interface DocumentStore {
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
  /** Whether `bytes` more can be stored and still leave the store's floor free (a full disk stops the database too). */
  room(bytes: number): Promise<boolean>;
}

/** Free space the file store always leaves on its disk, by default (DISK_FLOOR_MB). */
export const DISK_FLOOR_BYTES = 512 * 1024 * 1024;

export function fileDocumentStore(dir: string, floorBytes = DISK_FLOOR_BYTES): DocumentStore {
  // Keys are our own UUIDs, never a name from the client, so no path can escape the folder.
  const path = (key: string) => join(dir, key.replace(/[^a-z0-9-]/gi, ''));
  // Once, where the server starts (not on every upload and every check of the free space).
  mkdirSync(dir, { recursive: true });
  return {
    async put(bytes) {
      const key = randomUUID();
      await writeFile(path(key), bytes, { mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(path(key)));
      } catch {
        return null;
      }
    },
    remove: (key) => rm(path(key), { force: true }),
    async room(bytes) {
      const disk = await statfs(dir);
      return disk.bavail * disk.bsize - bytes >= floorBytes;
    },
  };
}

export function memoryDocumentStore(): DocumentStore {
  const files = new Map<string, Uint8Array>();
  return {
    async put(bytes) {
      const key = randomUUID();
      files.set(key, bytes);
      return key;
    },
    get: async (key) => files.get(key) ?? null,
    remove: async (key) => void files.delete(key),
    room: async () => true,
  };
}

const SIGNATURES: [string, number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
];

/** The document's real type, read from its first bytes; null when it is none we accept. */
export function sniffType(bytes: Uint8Array): string | null {
  const match = SIGNATURES.find(([, magic]) => magic.every((b, i) => bytes[i] === b));
  if (match) return match[0];
  // WebP: RIFF, four bytes of size, WEBP (what a phone's camera or a browser's canvas may give).
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP' ? 'image/webp' : null;
}

/** What the registration rules check: the type is the content's, not what the browser declared. */
export function describeUpload(file: File | null, bytes: Uint8Array | null): DocumentInfo | null {
  if (!file || !bytes || file.size === 0) return null;
  return { name: file.name, type: sniffType(bytes) ?? 'unknown', size: bytes.byteLength };
}

/** An uploaded file's bytes; null for none, or an empty one. */
export async function bytesOf(file: File | undefined) {
  return file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The rows of a renter's documents whose bytes were stored under `keys` (in order), dated by the
 * server's clock, which the housekeeping that may delete them reads (not the database's).
 */
export const documentRows = (
  userId: string,
  files: readonly StoredFile[],
  keys: readonly string[],
  at: Date,
) =>
  files.map((f, i) => ({ userId, kind: f.kind, contentType: f.info.type, size: f.info.size, storageKey: keys[i]!, sha256: sha256(f.bytes), createdAt: at }));

/** Files beyond this are not even read into memory. */
export const UPLOAD_LIMIT = DOCUMENT_MAX_BYTES;
/** Pixels sharp decodes at most: a small file that inflates into a huge bitmap is refused, not decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
