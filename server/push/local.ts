// The local stand-in for a browser's push service (tests, and trying Web Push without one): HTTP on
// loopback that plays the service's part. It makes subscriptions (a P-256 key pair and an auth secret,
// as a browser would), checks each message's VAPID signature against the key the device subscribed
// with, decrypts it (RFC 8291, aes128gcm) and keeps it, so a test reads what the device would show.
// A device can be made to have unsubscribed: its endpoint then answers 410 Gone, as real services do.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '../db/schema';
import type { DeviceSubscription } from './store';

export interface ReceivedPush {
  endpoint: string;
  payload: PushPayload;
  ttl: number;
  urgency: string | null;
  /** The VAPID token's audience and subject, as signed. */
  vapid: { aud: string; sub: string };
}

export interface LocalPushService {
  origin: string;
  /** A new device's subscription, optionally for the server's VAPID public key (then only it may send). */
  subscribe(applicationServerKey?: string): DeviceSubscription;
  /** Everything delivered, oldest first. */
  received: ReceivedPush[];
  /** What was delivered to `endpoint`, waiting up to `timeoutMs` for at least `count`. */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** The device at `endpoint` unsubscribed: 410 from now on. */
  unsubscribe(endpoint: string): void;
  /** Answers `status` to the next message for `endpoint` (a busy service: 429, 503). */
  failNext(endpoint: string, status: number): void;
  close(): Promise<void>;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8291: the message as the device decrypts it, with its private key and auth secret. */
export function decryptPush(body: Buffer, device: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  if (cipherText.length > recordSize) throw new Error('one record expected');
  const secret = device.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), device.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end);
}

/** The VAPID header's claims when its ES256 signature holds for its key `k`, else null. */
export function vapidClaims(authorization: string | undefined, now: number): { aud: string; sub: string; exp: number; k: string } | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return null;
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return null;
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; sub?: string; exp?: number };
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256' || !signed) return null;
  // A token is good for at most 24 hours (RFC 8292).
  if (typeof body.exp !== 'number' || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 3600_000) return null;
  return { aud: body.aud ?? '', sub: body.sub ?? '', exp: body.exp, k };
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startLocalPushService(): Promise<LocalPushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; serverKey?: string; gone: boolean; fail: number[] }>();
  const received: ReceivedPush[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const device = devices.get(`${origin}${req.url}`);
      const answer = (status: number) => res.writeHead(status).end();
      if (req.method !== 'POST' || !device || device.gone) return answer(device?.gone ? 410 : 404);
      const failing = device.fail.shift();
      if (failing) return answer(failing);
      const vapid = vapidClaims(req.headers.authorization, Date.now());
      if (!vapid || vapid.aud !== origin || (device.serverKey && vapid.k !== device.serverKey)) return answer(403);
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415);
      const payload = JSON.parse(decryptPush(body, device.ecdh, device.auth).toString('utf8')) as PushPayload;
      received.push({
        endpoint: `${origin}${req.url}`,
        payload,
        ttl: Number(req.headers.ttl),
        urgency: (req.headers.urgency as string | undefined) ?? null,
        vapid: { aud: vapid.aud, sub: vapid.sub },
      });
      answer(201);
    })().catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const to = (endpoint: string) => received.filter((r) => r.endpoint === endpoint);
  return {
    origin,
    received,
    subscribe(serverKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${b64(randomBytes(12))}`;
      devices.set(endpoint, { ecdh, auth, serverKey, gone: false, fail: [] });
      return { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    async waitFor(endpoint, count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (to(endpoint).length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      return to(endpoint);
    },
    unsubscribe(endpoint) {
      const device = devices.get(endpoint);
      if (device) device.gone = true;
    },
    failNext(endpoint, status) {
      devices.get(endpoint)?.fail.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
