// A local OpenID provider (oidc-provider) standing in for UAE PASS staging in development and tests,
// so the real client code path (discovery, PKCE, state, nonce, code exchange, userinfo) runs end to
// end. Any login on its page signs in the sample UAE PASS profile below. Loopback only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { SANDBOX_PROFILE, UAE_PASS_SCOPE } from '../../machines/uaePass';

export const LOCAL_CLIENT = { id: 'movecar-local', secret: 'local-stand-in-secret-not-for-production' };

/** UAE PASS's userinfo claims for the sample person. */
export const LOCAL_CLAIMS = {
  uuid: 'uaepass-sample-0001',
  fullnameEN: SANDBOX_PROFILE.fullName,
  fullnameAR: SANDBOX_PROFILE.fullNameAr,
  idn: SANDBOX_PROFILE.emiratesId.replace(/-/g, ''),
  mobile: SANDBOX_PROFILE.phone.replace('+', ''),
  email: SANDBOX_PROFILE.email,
  userType: 'SOP3',
};

export interface LocalProvider {
  issuer: string;
  close(): Promise<void>;
}

/** Starts the stand-in on `port` (0: any free one) and accepts sign-ins returning to `redirectUris`. */
export async function startLocalProvider(port: number, redirectUris: string[]): Promise<LocalProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT.id,
        client_secret: LOCAL_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', UAE_PASS_SCOPE],
    claims: { openid: ['sub'], [UAE_PASS_SCOPE]: Object.keys(LOCAL_CLAIMS) },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub: LOCAL_CLAIMS.uuid, ...LOCAL_CLAIMS }),
    }),
    // The stand-in answers for one sample person: whatever login is typed, the same person signs in.
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['local-stand-in-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
