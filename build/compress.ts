// Last step of `npm run build`: every text file of the build also as brotli (best quality) and gzip
// beside it, so the server sends the smallest encoding without compressing at start
// (server/http/static.ts reads them; for a build without them it compresses quickly itself). The
// scripts and styles, which every page downloads, are gzipped with Zopfli: the same format any
// browser reads, about 3% smaller than zlib's best, for a few seconds of build.
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterClientBuild, filesUnder } from './files.ts';

export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Smaller files gain nothing worth a second request header. */
export const MIN_COMPRESSED_SIZE = 512;

export const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

const ZOPFLI = new Set(['.js', '.css']);
const gzipped = new Map<string, Promise<Buffer>>();

/**
 * A built file (`body`: its bytes, when already read) as the server sends it to a browser that takes
 * gzip. Made once per file: the budget
 * (build/budget.ts) counts these very bytes before they are written. Zopfli is loaded only here, by
 * the build (the server imports this module for `brotli`).
 */
export function gzipOf(file: string, body?: Buffer): Promise<Buffer> {
  let made = gzipped.get(file);
  if (!made) {
    const bytes = body ?? readFileSync(file);
    made = ZOPFLI.has(extname(file))
      ? import('@gfx/zopfli').then(async ({ gzipAsync }) => Buffer.from(await gzipAsync(bytes, { numiterations: 15 })))
      : Promise.resolve(gzipSync(bytes, { level: 9 }));
    gzipped.set(file, made);
  }
  return made;
}

/** After the prerendered pages and the service worker are written (vite.config.ts lists it last). */
export const precompress = () =>
  afterClientBuild('movecar:precompress', async (outDir) => {
    for (const file of filesUnder(outDir)) {
      if (!COMPRESSIBLE.has(extname(file))) continue;
      const body = readFileSync(file);
      if (body.length < MIN_COMPRESSED_SIZE) continue;
      writeFileSync(`${file}.br`, brotli(body, 11));
      writeFileSync(`${file}.gz`, await gzipOf(file, body));
    }
    gzipped.clear();
  });
