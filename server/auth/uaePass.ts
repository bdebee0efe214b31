// UAE PASS sign-in, done by the server: OpenID Connect authorization code with PKCE, `state` and
// `nonce` (openid-client). The client secret never leaves the server. In development and tests a
// local OpenID provider (server/oidc/localProvider.ts) stands in for UAE PASS staging.
import * as oidc from 'openid-client';
import { UAE_PASS_ACR, UAE_PASS_SCOPE } from '../../machines/uaePass';
import type { UaePassSettings } from '../config';

/** What UAE PASS says about the person, in the product's terms. */
export interface UaePassProfile {
  /** UAE PASS's stable id for the person. */
  id: string;
  email: string;
  fullName: string;
  fullNameAr: string | undefined;
  emiratesId: string | undefined;
  mobile: string | undefined;
}

export interface UaePassRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface UaePass {
  newRequest(): UaePassRequest;
  authorizeUrl(request: UaePassRequest, redirectUri: string, lang: 'en' | 'ar'): Promise<URL>;
  /** Exchanges the code on the callback URL, checking state, nonce and PKCE; reads userinfo. */
  finish(request: UaePassRequest, callbackUrl: URL): Promise<UaePassProfile>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** UAE PASS's userinfo claims (uuid, fullnameEN/AR, idn, mobile, email) as a profile. */
export function profileOf(claims: Record<string, unknown>): UaePassProfile {
  const id = text(claims.uuid) ?? text(claims.sub);
  const email = text(claims.email);
  const fullName = text(claims.fullnameEN) ?? [text(claims.firstnameEN), text(claims.lastnameEN)].filter(Boolean).join(' ');
  if (!id || !email || !fullName) throw new Error('UAE PASS profile without id, e-mail or name');
  return {
    id,
    email,
    fullName,
    fullNameAr: text(claims.fullnameAR),
    emiratesId: text(claims.idn),
    mobile: text(claims.mobile),
  };
}

export function openIdUaePass(settings: UaePassSettings): UaePass | null {
  const { issuer, clientId, clientSecret } = settings;
  if (!issuer || !clientId || !clientSecret) return null;
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    const url = new URL(issuer);
    const insecure = url.protocol === 'http:'; // only the local stand-in runs on plain http
    configuration ??= oidc
      .discovery(url, clientId, clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        configuration = undefined; // try discovery again next time
        throw error;
      });
    return configuration;
  };
  return {
    newRequest: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),
    async authorizeUrl(request, redirectUri, lang) {
      return oidc.buildAuthorizationUrl(await configure(), {
        redirect_uri: redirectUri,
        scope: `openid ${UAE_PASS_SCOPE}`,
        acr_values: UAE_PASS_ACR,
        ui_locales: lang,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(request, callbackUrl) {
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const sub = tokens.claims()?.sub;
      if (!sub) throw new Error('UAE PASS returned no subject');
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, sub);
      return profileOf(userinfo as Record<string, unknown>);
    },
  };
}
