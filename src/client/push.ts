// Web Push on this device (server/push): the renter turns alerts on for the phone they hold. The
// browser asks their permission, subscribes at its push service with the server's public key, and the
// server keeps the subscription for the account signed in, while its session lasts. Only the
// production app has the service worker that shows the messages (build/pwa.ts); elsewhere the device
// "cannot show alerts".
import type { DeviceSubscription } from '../../server/push/store';
import { answer, type Api } from './api';

/** A device's subscription as PushSubscription.toJSON() gives it (the server keeps its endpoint and keys). */
export type PushSubscriptionInput = DeviceSubscription & { expirationTime?: number | null };

/**
 * The calls of Web Push, apart from the app's client (./api.ts) so that only the account screen carries
 * them: the server's key to subscribe with, then the device's subscription kept, asked about, or forgotten.
 */
export function pushApi({ typed }: Api) {
  const device = typed.push.subscription;
  return {
    key: () => answer<{ publicKey: string }>(typed.push.key.$get()),
    save: (json: PushSubscriptionInput) => answer<{ subscribed: boolean }>(device.$put({ json })),
    subscribed: (endpoint: string) => answer<{ subscribed: boolean }>(device.status.$post({ json: { endpoint } })),
    drop: (endpoint: string) => answer<{ subscribed: boolean }>(device.$delete({ json: { endpoint } })),
  };
}

/** unsupported: no push here; blocked: the renter said no in the browser, only its settings undo that. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

const pushable = () =>
  import.meta.env.PROD && typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** How long the worker may take to install (it stores the app first) before the device counts as without push. */
const READY_MS = 20_000;

/**
 * The app's service worker, active: registered now if it is not yet (otherwise it is, a while after
 * the page loads: src/client/serviceWorker.ts).
 */
async function worker(): Promise<ServiceWorkerRegistration | null> {
  if (!pushable()) return null;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_MS));
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } catch {
    return null;
  }
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Whether `subscription` was made with `publicKey` (the server's pair may have been replaced since). */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  const want = keyBytes(publicKey);
  return key !== null && key.byteLength === want.length && new Uint8Array(key).every((b, i) => b === want[i]);
}

/** Whether alerts are on for this device and the account signed in (the server may have forgotten it). */
export async function pushState(api: Api): Promise<PushState> {
  const calls = pushApi(api);
  const registration = await worker();
  if (!registration) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  const known = await calls.subscribed(subscription.endpoint);
  return known.ok && known.body.subscribed ? 'on' : 'off';
}

/** Asks the renter's permission, subscribes this device and has the server keep it; 'failed' when a step fails. */
export async function turnPushOn(api: Api): Promise<PushState | 'failed'> {
  const calls = pushApi(api);
  const registration = await worker();
  if (!registration) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const key = await calls.key();
  if (!key.ok) return 'failed';
  try {
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !madeWith(subscription, key.body.publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.body.publicKey) });
    const saved = await calls.save(subscription.toJSON() as PushSubscriptionInput);
    return saved.ok ? 'on' : 'failed';
  } catch {
    // The push service could not be reached, or refused.
    return 'failed';
  }
}

/**
 * The browser drops this device's subscription, which alone ends its messages (the push service answers
 * the server 410 from then on); the server is told too, when it can be. Signing out ends the server's
 * part by itself (the subscription goes with the session).
 */
export async function turnPushOff(api: Api): Promise<PushState | 'failed'> {
  const subscription = await (await worker())?.pushManager.getSubscription();
  if (!subscription) return 'off';
  await pushApi(api).drop(subscription.endpoint).catch(() => null);
  return (await subscription.unsubscribe().catch(() => false)) ? 'off' : 'failed';
}
