// The Stately inspector for reviewers: `?inspect` in development, or in a build made with
// VITE_INSPECT=1 — never in a default production build (the code is not even in it). Whatever it
// shows leaves the page, so secrets are replaced before they go: passwords, Emirates ID,
// signatures, documents, and the provider's saved-card ids (no card number ever reaches the app).
import type { Inspect } from '../client/journeyClient';

const SECRET = new Set(['password', 'confirmPassword', 'number', 'cvv', 'emiratesId', 'signature', 'file', 'expiry', 'cardToken']);
export const REDACTED = '[redacted]';

/** A copy of `value` with every secret field replaced, however deep. */
export function redact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redact) as T;
  if (!value || typeof value !== 'object' || value instanceof Blob) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET.has(key) && v !== null && v !== undefined ? REDACTED : redact(v)]),
  ) as T;
}

export const inspectorOptions = {
  sanitizeEvent: redact,
  sanitizeContext: redact,
};

/** True when this build may open the inspector at all. */
export const INSPECTOR_ALLOWED = import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1';

export async function startInspector(search: string): Promise<Inspect | undefined> {
  if (!INSPECTOR_ALLOWED || !new URLSearchParams(search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector(inspectorOptions).inspect;
}
