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

/** More password work is asked for than the cores can do soon: answered at once (429), not queued. */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('hashing busy');
  }
}

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

/** One lane of the line: each client's waiting work, served client by client. */
class Lane {
  /** Each waiting client's line. */
  readonly lines = new Map<string, Array<() => void>>();
  waiting = 0;
  /** When each client's work last started (a count): the one served longest ago goes next. */
  private readonly served = new Map<string, number>();

  started(key: string, at: number) {
    this.served.set(key, at);
    // Forget the clients long gone (a wide flood from many networks would grow it).
    if (this.served.size > 10_000) for (const known of this.served.keys()) if (!this.lines.has(known)) this.served.delete(known);
  }

  /** The client whose turn it is: the one served longest ago (never served: first). */
  next(): string | undefined {
    let turn: string | undefined;
    for (const key of this.lines.keys()) if (turn === undefined || this.lastOf(key) < this.lastOf(turn)) turn = key;
    return turn;
  }

  /**
   * How many in this lane would start before one more of `key`'s: turns go round client by client, so
   * a client that has waited longest (or never came) is near the front however long the line, and a
   * client with many waiting is behind everyone's as many.
   */
  ahead(key: string): number {
    const mine = this.lines.get(key)?.length ?? 0;
    let before = mine;
    for (const [other, line] of this.lines)
      // One served no later (never, both: the one that came first) goes before in every round.
      if (other !== key) before += Math.min(line.length, this.lastOf(other) <= this.lastOf(key) ? mine + 1 : mine);
    return before;
  }

  lengthOf(key: string) {
    return this.lines.get(key)?.length ?? 0;
  }

  private lastOf(key: string) {
    return this.served.get(key) ?? 0;
  }
}

/**
 * At most `running` hashes at once; those waiting take turns client by client (the one served longest
 * ago first), so a flood from one client (log-ins for unknown e-mails, each still hashed so timing
 * says nothing) waits behind itself, not in front of everyone else, and past its share is refused at
 * once. A plain line (first come, first served) queued a real user's log-in behind 48 of them for
 * seconds; a short one refused a crowd of real renters arriving together. A flood from 80 networks
 * still made every turn come round slowly for a returning user (1.5–3 s), and a newcomer was refused
 * for the length of the whole line though it would have gone next: the known lane goes first, and a
 * refusal counts only those who would start before.
 */
export function hashingGate({ running, perClient, maxWaitMs }: GateLimits): Hashing {
  let active = 0;
  const known = new Lane();
  const strangers = new Lane();
  let starts = 0;
  /** How long one hash takes here, as measured (a moving average), ms. */
  let hashMs = 100;
  const handOver = () => {
    const lane = known.next() !== undefined ? known : strangers;
    const turn = lane.next();
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
  const refuses = (client: string | null, device?: string | null) => {
    if (active < running) return null;
    const { lane, key, share } = placeOf(client, device);
    // Every known one waiting starts before a stranger's.
    const ahead = lane.ahead(key) + (lane === strangers ? known.waiting : 0);
    const wait = ((ahead + 1) * hashMs) / running;
    const full = (share && lane.lengthOf(key) >= perClient) || wait > maxWaitMs;
    return full ? new HashingBusy(Math.max(1, Math.ceil(wait / 1000))) : null;
  };
  const gate = async <T>(client: string | null, work: () => Promise<T>, device?: string | null): Promise<T> => {
    const { lane, key } = placeOf(client, device);
    if (active < running) {
      active++;
      lane.started(key, ++starts);
    } else {
      const refused = refuses(client, device);
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
