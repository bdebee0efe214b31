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
 * Today's figures plus a little room: a route that grows past its budget fails the build. The goal
 * for /home is 100 KB; what every page runs (React 68 KB, the journey 31, the router 14, the app's
 * shared code 13, the entry 11, and its language's catalog: English 13, Arabic 15) is about 150 KB,
 * so these budgets hold the line until that is cut down (see README, "Fast on a phone"). Arabic
 * pages carry the larger catalog; the index both; Services adds Swiper.
 */
const ROUTE_BUDGET = 170 * KB;
const ARABIC_LARGER_CATALOG = 4 * KB;
const SPECIAL: Record<string, number> = { '/services': 15 * KB };

export function budgetOf(path: string): number {
  const arabic = path === '/arabic' || path.startsWith('/arabic/');
  const screen = arabic ? path.replace(/^\/arabic/, '') || '/home' : path;
  return ROUTE_BUDGET + (arabic ? ARABIC_LARGER_CATALOG : 0) + (SPECIAL[screen] ?? 0);
}

export function checkBudgets(outDir: string, jsByPage: Map<string, string[]>, logger: Logger) {
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
    return sizes.get(file)!;
  };
  const rows = [...jsByPage].map(([path, files]) => {
    const bytes = files.reduce((sum, f) => sum + gzipped(f), 0);
    const budget = budgetOf(path);
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
