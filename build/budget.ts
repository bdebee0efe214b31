// The JavaScript each route downloads before it can be used (its shell, its screen, and on Arabic
// pages the Arabic catalog), gzip-compressed as the server sends it, against a byte budget. The
// build prints every route's figure and fails when one grows past its budget: a slow page is
// caught when it is made, not when a renter waits for it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger } from 'vite';

const KB = 1024;
/**
 * Today's figures plus a little room: a route that grows past its budget fails the build. What every
 * page runs is React (66 KB), the router (12.5), the app's shared code (14), the entry (8.5) and its
 * language's common words (2–3): about 105 KB, with the screen and its words on top. Home's goal is
 * 100 KB, which React and the router (78.5) leave 21.5 of (see README, "Fast on a phone"); its budget
 * holds today's line. A screen that drives the journey also carries it (XState and the journey's
 * machine and client, 20 KB) and the form rules (zod, 9.5); Arabic words are a little larger;
 * Services adds Swiper.
 */
const ROUTE_BUDGET = 125 * KB;
const HOME_BUDGET = 115 * KB;
const JOURNEY = 40 * KB;
const ARABIC_WORDS = 2 * KB;
const SPECIAL: Record<string, number> = { '/services': 30 * KB };

export function budgetOf(path: string, files: readonly string[]): number {
  const arabic = path === '/arabic' || path.startsWith('/arabic/');
  const screen = arabic ? path.replace(/^\/arabic/, '') || '/home' : path;
  const journey = files.some((f) => /(^|\/)journey-[\w-]+\.js$/.test(f));
  return (
    (screen === '/home' ? HOME_BUDGET : ROUTE_BUDGET) +
    (journey ? JOURNEY : 0) +
    (arabic ? ARABIC_WORDS : 0) +
    (SPECIAL[screen] ?? 0)
  );
}

export function checkBudgets(outDir: string, jsByPage: Map<string, string[]>, logger: Logger) {
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
    return sizes.get(file)!;
  };
  const rows = [...jsByPage].map(([path, files]) => {
    const bytes = files.reduce((sum, f) => sum + gzipped(f), 0);
    const budget = budgetOf(path, files);
    return { path, files: files.length, bytes, budget };
  });
  const width = Math.max(...rows.map((r) => r.path.length));
  logger.info('\nJavaScript per route before interaction (gzip; budget):');
  for (const r of rows)
    logger.info(
      `  ${r.path.padEnd(width)}  ${(r.bytes / KB).toFixed(1).padStart(6)} KB in ${String(r.files).padStart(2)} files  (budget ${r.budget / KB} KB)${r.bytes > r.budget ? '  OVER' : ''}`,
    );
  const over = rows.filter((r) => r.bytes > r.budget);
  if (over.length > 0)
    throw new Error(
      `JavaScript budget exceeded: ${over.map((r) => `${r.path} ${(r.bytes / KB).toFixed(1)} KB > ${r.budget / KB} KB`).join(', ')}`,
    );
}
