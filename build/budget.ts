// The JavaScript each route downloads before it can be used (its shell, its screen, and on Arabic
// pages the Arabic catalog), gzip-compressed as the server sends it (build/compress.ts), against a
// byte budget. The build prints every route's figure and fails when one grows past its budget: a
// slow page is caught when it is made, not when a renter waits for it.
import { join } from 'node:path';
import type { Logger } from 'vite';
import { gzipOf } from './compress.ts';

const KB = 1024;
/**
 * Today's figures plus a little room: a route that grows past its budget fails the build. What every
 * page runs is React (64 KB), the router (8), the app's shared code (11), the entry (8) and its
 * language's common words (2): about 95 KB, with the screen and its words on top. Home's goal is
 * 100 KB by Lighthouse's count, which is what the server sends (brotli: 96.6 KB on 2026-11-29); its
 * budget here, in gzip, was that goal too, until the cars' art drawn in the page (build/art.ts)
 * took Home from 100.0 to 100.1 KB of gzip, so 101 KB (see docs/performance.md). A screen that
 * drives the journey also carries it (XState and the journey's machine and client, 19 KB) and the
 * form rules (zod, 9); Arabic words are a little larger. Since 2026-11-27 a booking keeps its car's
 * facts (the rate and deposit it was made at): their stored schema and the fill for bookings made
 * before took Account, the heaviest, past 155 KB.
 */
const ROUTE_BUDGET = 115 * KB;
const HOME_BUDGET = 101 * KB;
const JOURNEY = 41 * KB;
const ARABIC_WORDS = 2 * KB;
/**
 * The company's screens come through one loader (src/app/staffScreens.ts) that names their chunks, so
 * a renter's page does not carry their names (150 bytes off every page, and a company screen added
 * costs a renter nothing); a company page loads that list instead: 0.7 KB when made (2026-11-27).
 */
const STAFF_LOADER = 1 * KB;
/**
 * Services adds Swiper; the branch counter (a staff screen, on the agent's phone) checks its records
 * by the journey's form rules (zod) before sending, as the journey's screens do, and since the return
 * (2026-11-26) prices a check-in as it is typed, by the journey's own rules, and decides disputes
 * (its Arabic figure passed 132 KB when a car not yet back from its last rental came to be said, and
 * 133 KB when a manager could cancel a booking the company cannot hand over, 134 KB when each damage
 * line came to name the photos that show it, and its Arabic page 136 KB when the booking came to keep
 * its car's facts, which the counter now reads from the booking, 2026-11-27);
 * Traffic Violation is one screen for the renter and the manager, with the violation machine beside
 * the journey and five parts of the words (its Arabic figure passed 157 KB when the handover's words
 * joined the rental's, and 159 KB when the return's charges did: how each was priced, the damage list;
 * and 161 KB by 50 bytes when the file field's icons left the shared chunk for the forms' chunk, which
 * takes 230 bytes off Home, then by 60 more when a booking the company cancels came to be said in the
 * rental's words and decided by the journey, 2026-11-26; and 162 KB by 52 bytes when the forms' words
 * came to say what is wrong with a company's VAT number, phone or picture, and a form's sending came to
 * be one hook beside its fields, 2026-11-27);
 * the company admin's Staff and the operator's Companies (staff screens, 2026-11-26) check their forms
 * by the same rules as the server (zod, machines/validation.ts) and sign in through the staff's gate;
 * Staff also carries Radix's radio group (the role to invite as): 129.7 and 117.9 KB when made; the
 * admin's Company profile checks its form by the same rules (machines/company.ts, which the operator's
 * form shares since 2026-11-27: a chunk of its own, 0.6 KB more on Companies, and its Arabic page passed
 * 123 KB when the managers' words it signs in with came to ask before a new feed key, as the Arabic Staff
 * page passed 134 KB): 119.0 KB when made. The admin's Fleet (2026-11-27) checks a car by the same rules
 * as the server (machines/cars.ts, with the amounts' rule from the return's) and lists the cars with
 * their money: 120.9 KB when made; a car's page came to plan its maintenance and move a paid booking
 * to another car (2026-11-27), 2 KB more; the staff's forms came to end in one component (FormEnd),
 * a small chunk of its own that left the Company page 0.1 KB under its budget, so it has 1 KB more; the
 * Company page came to keep the company's branches (a list, and a form with a week of opening hours, in
 * both languages, 2026-11-27), 1.5 KB more, so 2 KB more; a car's form came to choose its branch and
 * the Fleet list to filter by it (the branches read first), which took the Arabic Fleet page past its
 * budget by a few bytes, so 1 KB more. The staff's sign-in gate came to have its words as a part of
 * their own (src/i18n/en/gate.ts, 2026-11-27) instead of the managers' whole part: 4 KB off Company,
 * Fleet, Staff, Operator and Dashboard (Company's and Fleet's budgets give back 3 KB each), and a
 * screen that reads the managers' words too (Contracts, Handovers) downloads one more small chunk
 * (0.2 KB), so 1 KB more for each. What a refused step says (the journey's errors) came to be the forms'
 * words instead of every page's (2026-11-27): 0.4 KB off Home and every page without a form, and 0.4
 * KB more on those with one, which took Account, the Arabic Contracts and Traffic Violation past their
 * budgets by 0.1–0.9 KB: 1 KB more each. The renter's notifications came to say each charge and refund of
 * their own steps (the account's words, which Contracts reads too): the Arabic Contracts passed 161 KB by
 * 0.1 KB, so 1 KB more. Emergency's incident form carries the forms' words, which came to hold the
 * refusals (above), and every page the loaders of the agreement's words (its text is read on the
 * contract): 0.1 KB past 115 KB, so 1 KB more. A booking's tax invoices came to be listed on the
 * contract (their words a small part of their own, 2026-11-27), and every page has that part's loaders:
 * the Arabic Contracts and Fleet passed their budgets by under 0.5 KB, so 1 KB more each. The Company
 * page came to keep the company's own clauses of the agreement (two text areas, their words), and the
 * forms' words the refusal of clauses not given in both languages: Company and the Arabic Handovers
 * passed their budgets by under 0.3 KB, so 1 KB more each. The account came to turn a phone's Web Push
 * alerts on and off (its switch, its words, its calls apart from the app's client, 2026-11-28): Account
 * passed its budget by 0.7 KB, and the Arabic Contracts, which reads the account's words, by a byte:
 * 1 KB more each. The account came to replace the identity documents (a form of three files, its words,
 * 2026-11-28): Account passed its budget by 0.5 KB, and the Arabic Traffic Violation, which reads the
 * account's words too, by 0.3 KB: 1 KB more each (a words part of its own would add its loaders to
 * every page, Home's 100 KB included). XState and zod came to be a chunk of their own, apart from the
 * journey's machine (2026-11-29: evaluating the two together was one task over 50 ms at Lighthouse's
 * 4× CPU, and the company's screens built the journey's machine without using it): a screen that
 * drives the journey fetches one chunk more, and Account passed its budget by 0.1 KB, so 1 KB more.
 * The app came to write its amounts, figures and UAE dates itself (src/i18n/format.ts, 2026-11-29:
 * a page's first Intl formatter was a task of 35-50 ms at 4× CPU as it started): 0.6 KB on every page,
 * and the Arabic Payment and Traffic Violation passed their budgets by under 0.5 KB, so 1 KB more each.
 * The card came to be typed only on the payment provider's page (2026-12-02): Account came to show the
 * card kept there and remove it (its words, its calls), and a refused step's words grew by the
 * provider's refusals: Account passed its budget by 0.4 KB and the Arabic Traffic Violation by 0.1 KB,
 * so 1 KB more each. A rental company came to refund part of a charge after the rental (2026-12-03): the
 * rule of what is left to refund joined the booking's rules (machines/refunds.ts, read by the ledger),
 * and the account's and rental's words gained the refund's notice and line: Account passed its budget
 * by 0.4 KB and the Arabic Traffic Violation by 0.4 KB, so 1 KB more each (the counter's form chooses
 * the charge in a native select, so Handovers downloads no radio group: 1.5 KB more, within budget).
 * A new e-mail came to need the current password and to be undone from the old address (2026-12-03):
 * the profile form moved to its own component with the proof's field, its answers and their words:
 * Account passed its budget by 0.2 KB, so 1 KB more. The old address's link came to open a page that
 * asks before it undoes (mail scanners follow links, 2026-12-07): its words joined the account's, and
 * the Arabic Traffic Violation, which reads them too, passed its budget by under 0.1 KB, so 1 KB more.
 */
const SPECIAL: Record<string, number> = {
  '/services': 15 * KB,
  '/account': 7 * KB,
  '/emergency-assistance': 1 * KB,
  '/handovers': 21 * KB,
  '/contracts': 5 * KB,
  '/payment': 1 * KB,
  '/traffic-violation': 12 * KB,
  '/staff': 17 * KB,
  '/operator': 6 * KB,
  '/company': 5 * KB,
  '/fleet': 8 * KB,
};

export function budgetOf(path: string, files: readonly string[]): number {
  const arabic = path === '/arabic' || path.startsWith('/arabic/');
  const screen = arabic ? path.replace(/^\/arabic/, '') || '/home' : path;
  // XState's chunk: the screens that drive the journey, or another of the machines (a violation's,
  // the transfer settings'), which came with the journey's chunk until 2026-11-29.
  const journey = files.some((f) => /(^|\/)statecharts-[\w-]+\.js$/.test(f));
  const staff = files.some((f) => /(^|\/)staffScreens-[\w-]+\.js$/.test(f));
  return (
    (screen === '/home' ? HOME_BUDGET : ROUTE_BUDGET) +
    (journey ? JOURNEY : 0) +
    (staff ? STAFF_LOADER : 0) +
    (arabic ? ARABIC_WORDS : 0) +
    (SPECIAL[screen] ?? 0)
  );
}

export async function checkBudgets(outDir: string, jsByPage: Map<string, string[]>, logger: Logger) {
  const sizes = new Map<string, number>();
  for (const file of new Set([...jsByPage.values()].flat()))
    sizes.set(file, (await gzipOf(join(outDir, file))).length);
  const rows = [...jsByPage].map(([path, files]) => {
    const bytes = files.reduce((sum, f) => sum + sizes.get(f)!, 0);
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
