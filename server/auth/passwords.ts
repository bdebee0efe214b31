// Passwords are kept only as scrypt hashes with their parameters and salt; they are never logged,
// returned or stored as text. Verification takes the same time whether or not the account exists.
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { scryptLow } from './hashThreads';

const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  scryptLow(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 });

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const options = { N: cost, r: 8, p: 1 };
  const key = await derive(password, salt, options);
  return ['scrypt', cost, options.r, options.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing, verified against when the e-mail is unknown so timing does not tell. */
let decoy: Promise<string> | undefined;
export const decoyHash = (cost: number) => (decoy ??= hashPassword(randomBytes(16).toString('hex'), cost));

/**
 * More password work is asked for than the cores can do soon: answered with 429, not queued; after
 * `holdMs` when the client asks more than its share (a flood's loops, each sent again the moment it
 * is answered, ran 1,200 refusals a second through the server and delayed every other answer).
 */
export class HashingBusy extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly holdMs = 0,
  ) {
    super('hashing busy');
  }
}

/** The longest a refusal is held back (a client past its share keeps that many connections open, no more). */
export const MAX_HOLD_MS = 3000;

/**
 * Runs password work (scrypt) for a client (its network; null in-process) within the gate; throws
 * HashingBusy when that client already has its share waiting, or its turn would come too late. A
 * `known` key (a known device's, a signed-in account's: server/auth/devices.ts) takes the first lane:
 * ahead of every stranger, with its own share.
 */
export type Hashing = (<T>(client: string | null, work: () => Promise<T>, known?: string | null) => Promise<T>) & {
  /**
   * Whether the gate would refuse `client` now (HashingBusy, with when to come back): asked before a
   * request does anything else, so a refused one costs nothing (no database work for a flood).
   */
  refuses(client: string | null, known?: string | null): HashingBusy | null;
};

export interface GateLimits {
  /** Hashes at once (the cores). */
  running: number;
  /** Hashes one client (or one known device) may have waiting; one more is refused at once. Not applied to `null`. */
  perClient: number;
  /** Refused at once when its turn would come later than this (ms). */
  maxWaitMs: number;
}

/** How long a client's asking is remembered: its count halves every minute. */
const DEMAND_HALF_LIFE_MS = 60_000;

/** What a lane remembers of a client: when its work last started (a count), and how much it asks. */
interface Client {
  served: number;
  /** Its asks (admitted or refused), each halving every DEMAND_HALF_LIFE_MS, as of `at`. */
  demand: number;
  at: number;
}

/** One lane of the line: each client's waiting work, the client asking least served first. */
class Lane {
  /** Each waiting client's line. */
  readonly lines = new Map<string, Array<() => void>>();
  waiting = 0;
  private readonly clients = new Map<string, Client>();

  /** One more ask from `key`, let in or refused: a flood's retries are what put it behind. */
  asked(key: string, now: number) {
    const client = this.clients.get(key) ?? { served: 0, demand: 0, at: now };
    client.demand = this.demandOf(key, now) + 1;
    client.at = now;
    this.clients.set(key, client);
    // Forget the clients long gone (a wide flood from many networks would grow it).
    if (this.clients.size > 10_000) for (const known of this.clients.keys()) if (!this.lines.has(known)) this.clients.delete(known);
  }

  started(key: string, at: number) {
    const client = this.clients.get(key);
    if (client) client.served = at;
  }

  /** The client whose turn it is: the one asking least, then the one served longest ago (never: first). */
  next(now: number): string | undefined {
    let turn: string | undefined;
    // Equals keep the one that came first.
    for (const key of this.lines.keys()) if (turn === undefined || !this.before(turn, key, now)) turn = key;
    return turn;
  }

  /**
   * How many in this lane would start before one more of `key`'s: every waiting one of a client asking
   * less (or as much, served no later), then its own. A network never seen asks least, so it is near
   * the front however long the line; one that floods (its refused retries count) is behind everyone.
   */
  ahead(key: string, now: number): number {
    let before = this.lines.get(key)?.length ?? 0;
    for (const [other, line] of this.lines) if (other !== key && this.before(other, key, now)) before += line.length;
    return before;
  }

  lengthOf(key: string) {
    return this.lines.get(key)?.length ?? 0;
  }

  /** Whether `a`'s work goes before `b`'s. */
  private before(a: string, b: string, now: number) {
    const [da, db] = [this.demandOf(a, now), this.demandOf(b, now)];
    if (da !== db) return da < db;
    return (this.clients.get(a)?.served ?? 0) <= (this.clients.get(b)?.served ?? 0);
  }

  /** How much `key` asked lately (its asks, each halving every DEMAND_HALF_LIFE_MS). */
  demandOf(key: string, now: number) {
    const client = this.clients.get(key);
    return client ? client.demand * 0.5 ** ((now - client.at) / DEMAND_HALF_LIFE_MS) : 0;
  }
}

/**
 * At most `running` hashes at once; those waiting take turns client by client (the one asking least
 * first, then the one served longest ago), so a flood from one client (log-ins for unknown e-mails,
 * each still hashed so timing says nothing) waits behind itself, not in front of everyone else, and
 * past its share is refused. A plain line (first come, first served) queued a real user's log-in behind 48 of them for
 * seconds; a short one refused a crowd of real renters arriving together. A flood from 80 networks
 * still made every turn come round slowly for a returning user (1.5–3 s), and a newcomer was refused
 * for the length of the whole line though it would have gone next: the known lane goes first, and a
 * refusal counts only those who would start before. Round by round, a network never seen still waited
 * for each flooding network's first turn (80 of them: 10–12 s): its asks, refused ones included, are
 * what puts a flood behind.
 */
export function hashingGate({ running, perClient, maxWaitMs }: GateLimits): Hashing {
  let active = 0;
  const known = new Lane();
  const strangers = new Lane();
  let starts = 0;
  /** How long one hash takes here, as measured (a moving average), ms. */
  let hashMs = 100;
  const handOver = () => {
    const now = performance.now();
    const lane = known.next(now) !== undefined ? known : strangers;
    const turn = lane.next(now);
    if (turn === undefined) {
      active--;
      return;
    }
    const line = lane.lines.get(turn)!;
    const go = line.shift()!;
    if (line.length === 0) lane.lines.delete(turn);
    lane.waiting--;
    lane.started(turn, ++starts);
    go(); // the place is handed over: `active` stays
  };
  /** Where one more of this client's goes: its lane, its line, whether a share applies. */
  const placeOf = (client: string | null, device: string | null | undefined) =>
    device ? { lane: known, key: device, share: true } : { lane: strangers, key: client ?? '', share: client !== null };
  const verdict = (client: string | null, device: string | null | undefined, now: number) => {
    if (active < running) return null;
    const { lane, key, share } = placeOf(client, device);
    // Every known one waiting starts before a stranger's.
    const ahead = lane.ahead(key, now) + (lane === strangers ? known.waiting : 0);
    const wait = ((ahead + 1) * hashMs) / running;
    const full = share && lane.lengthOf(key) >= perClient;
    if (!full && wait <= maxWaitMs) return null;
    // A client with its share waiting, or that asked more than its share lately, is told after a while;
    // anyone else at once (a line too long can refuse a real user).
    const flooding = share && (full || lane.demandOf(key, now) > perClient);
    return new HashingBusy(Math.max(1, Math.ceil(wait / 1000)), flooding ? Math.min(wait, MAX_HOLD_MS) : 0);
  };
  // A request is one ask: counted here when refused, or in the gate when it comes with its work.
  const refuses = (client: string | null, device?: string | null) => {
    const now = performance.now();
    const refused = verdict(client, device, now);
    if (refused) {
      const { lane, key } = placeOf(client, device);
      lane.asked(key, now);
    }
    return refused;
  };
  const gate = async <T>(client: string | null, work: () => Promise<T>, device?: string | null): Promise<T> => {
    const { lane, key } = placeOf(client, device);
    const now = performance.now();
    lane.asked(key, now);
    if (active < running) {
      active++;
      lane.started(key, ++starts);
    } else {
      const refused = verdict(client, device, now);
      if (refused) throw refused;
      const line = lane.lines.get(key) ?? [];
      await new Promise<void>((go) => {
        line.push(go);
        lane.lines.set(key, line);
        lane.waiting++;
      });
    }
    const began = performance.now();
    try {
      return await work();
    } finally {
      hashMs = 0.8 * hashMs + 0.2 * (performance.now() - began);
      handOver();
    }
  };
  return Object.assign(gate, { refuses });
}
