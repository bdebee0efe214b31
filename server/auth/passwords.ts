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
 * Runs password work (scrypt) for a client (its address; null in-process) within the gate; throws
 * HashingBusy when that client already has its share waiting, or the line would take too long.
 */
export type Hashing = (<T>(client: string | null, work: () => Promise<T>) => Promise<T>) & {
  /**
   * Whether the gate would refuse `client` now (HashingBusy, with when to come back): asked before a
   * request does anything else, so a refused one costs nothing (no database work for a flood).
   */
  refuses(client: string | null): HashingBusy | null;
};

export interface GateLimits {
  /** Hashes at once (the cores). */
  running: number;
  /** Hashes one client may have waiting; one more is refused at once. Not applied to `null`. */
  perClient: number;
  /** Refused at once when the whole line would take longer than this to reach it (ms). */
  maxWaitMs: number;
}

/**
 * At most `running` hashes at once; those waiting take turns client by client (the one served longest ago first), so a
 * flood from one client (log-ins for unknown e-mails, each still hashed so timing says nothing)
 * waits behind itself, not in front of everyone else, and past its share is refused at once. A plain
 * line (first come, first served) queued a real user's log-in behind 48 of them for seconds; a short
 * one refused a crowd of real renters arriving together.
 */
export function hashingGate({ running, perClient, maxWaitMs }: GateLimits): Hashing {
  let active = 0;
  let waiting = 0;
  /** Each waiting client's line. */
  const lines = new Map<string, Array<() => void>>();
  /** When each client's work last started (a count): the one served longest ago goes next. */
  const served = new Map<string, number>();
  let starts = 0;
  /** How long one hash takes here, as measured (a moving average), ms. */
  let hashMs = 100;
  const start = (key: string) => {
    served.set(key, ++starts);
    // Forget the clients long gone (a wide flood from many addresses would grow it).
    if (served.size > 10_000) for (const known of served.keys()) if (!lines.has(known)) served.delete(known);
  };
  const handOver = () => {
    let turn: string | undefined;
    for (const key of lines.keys())
      if (turn === undefined || (served.get(key) ?? 0) < (served.get(turn) ?? 0)) turn = key;
    if (turn === undefined) {
      active--;
      return;
    }
    const line = lines.get(turn)!;
    const go = line.shift()!;
    if (line.length === 0) lines.delete(turn);
    waiting--;
    start(turn);
    go(); // the place is handed over: `active` stays
  };
  const refuses = (client: string | null) => {
    if (active < running) return null;
    const wait = ((waiting + 1) * hashMs) / running;
    const full = (client !== null && (lines.get(client)?.length ?? 0) >= perClient) || wait > maxWaitMs;
    return full ? new HashingBusy(Math.max(1, Math.ceil(wait / 1000))) : null;
  };
  const gate = async <T>(client: string | null, work: () => Promise<T>): Promise<T> => {
    const key = client ?? '';
    if (active < running) {
      active++;
      start(key);
    } else {
      const refused = refuses(client);
      if (refused) throw refused;
      const line = lines.get(key) ?? [];
      await new Promise<void>((go) => {
        line.push(go);
        lines.set(key, line);
        waiting++;
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
