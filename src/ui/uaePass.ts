import { authorizeUrl, type UaePassConfig } from '../../machines/uaePass';
import type { Lang } from '../i18n/en';

const STATE_KEY = 'movecar.uaepass.state';

/** The real UAE PASS client, when the build is configured for one; otherwise the sandbox is used. */
export function uaePassConfig(): UaePassConfig | null {
  const clientId = import.meta.env.VITE_UAEPASS_CLIENT_ID as string | undefined;
  const redirectUri = import.meta.env.VITE_UAEPASS_REDIRECT_URI as string | undefined;
  if (!clientId || !redirectUri) return null;
  const environment = import.meta.env.VITE_UAEPASS_ENV === 'production' ? 'production' : 'staging';
  return { clientId, redirectUri, environment };
}

/** Leaves for UAE PASS with a fresh `state`, kept to check the reply against. */
export function startUaePass(config: UaePassConfig, lang: Lang) {
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
  window.location.assign(authorizeUrl(config, state, lang));
}

/** On the way back: 'ok' when the reply answers our request, 'mismatch' when it does not, null when none. */
export function checkUaePassReply(search: string): 'ok' | 'mismatch' | null {
  const params = new URLSearchParams(search);
  if (!params.has('code') && !params.has('error')) return null;
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return expected !== null && params.get('state') === expected && params.has('code') ? 'ok' : 'mismatch';
}
