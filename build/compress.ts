// Last step of `npm run build`: every text file of the build also as brotli (best quality) and gzip
// (level 9) beside it, so the server sends the smallest encoding without compressing at start
// (server/http/static.ts reads them; for a build without them it compresses quickly itself).
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterClientBuild, filesUnder } from './files';

export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Smaller files gain nothing worth a second request header. */
export const MIN_COMPRESSED_SIZE = 512;

export const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

/** After the prerendered pages and the service worker are written (vite.config.ts lists it last). */
export const precompress = () =>
  afterClientBuild('movecar:precompress', (outDir) => {
    for (const file of filesUnder(outDir)) {
      if (!COMPRESSIBLE.has(extname(file))) continue;
      const body = readFileSync(file);
      if (body.length < MIN_COMPRESSED_SIZE) continue;
      writeFileSync(`${file}.br`, brotli(body, 11));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  });
