// A local OpenID provider (oidc-provider) standing in for UAE PASS staging in development and tests,
// so the real client code path (discovery, PKCE, state, nonce, code exchange, userinfo) runs end to
// end. Its own two pages (sign in as the sample person, then allow) load nothing from elsewhere.
// Loopback only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { SAMPLE_UAE_PASS_PERSON, UAE_PASS_SCOPE } from '../../machines/uaePass';

export const LOCAL_CLIENT = { id: 'movecar-local', secret: 'local-stand-in-secret-not-for-production' };

/** UAE PASS's userinfo claims for the sample person. */
export const LOCAL_CLAIMS = {
  uuid: 'uaepass-sample-0001',
  fullnameEN: SAMPLE_UAE_PASS_PERSON.fullName,
  fullnameAR: SAMPLE_UAE_PASS_PERSON.fullNameAr,
  idn: SAMPLE_UAE_PASS_PERSON.emiratesId.replace(/-/g, ''),
  mobile: SAMPLE_UAE_PASS_PERSON.phone.replace('+', ''),
  email: SAMPLE_UAE_PASS_PERSON.email,
  userType: 'SOP3',
};

/**
 * Runs `make` with oidc-provider's warnings left out: it warns of what this stand-in is on purpose (an
 * in-memory store and keys of its own, lost at a restart; a Node older than its favourite), once per
 * test server, which buried the test output. Anything else still prints.
 */
async function quietly<T>(make: () => T | Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: '))) warn(...args);
  };
  try {
    return await make();
  } finally {
    console.warn = warn;
  }
}

export interface LocalProvider {
  issuer: string;
  close(): Promise<void>;
}

/** Starts the stand-in on `port` (0: any free one) and accepts sign-ins returning to `redirectUris`. */
export async function startLocalProvider(port: number, redirectUris: string[]): Promise<LocalProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Imported here, when a stand-in is asked for (its module warns as it loads).
  const { default: OidcProvider } = await quietly(() => import('oidc-provider'));
  const provider = await quietly(() => new OidcProvider(issuer, {
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
    // Our own interaction pages (below), not the built-in ones (they load fonts from the internet).
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['local-stand-in-cookie-key'] },
    // Lifetimes said, not left to the defaults (the provider notes each default it uses, on every
    // sign-in): a sign-in through the stand-in takes minutes at most.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  }));
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const route = new URL(req.url ?? '/', issuer).pathname.match(/^\/interaction\/[\w-]+(?:\/(login|allow))?$/);
    if (!route) return callback(req, res);
    interaction(provider, req, res, route[1]).catch(() => {
      res.statusCode = 400;
      res.end('This sign-in has expired. Start again from Move car.');
    });
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WORDS = {
  en: {
    title: 'UAE PASS (local stand-in)',
    note: 'This page stands in for UAE PASS on this machine. No real UAE PASS account is used.',
    signIn: `Sign in as ${SAMPLE_UAE_PASS_PERSON.fullName}`,
    allowText: 'Move car asks to read your name (English and Arabic), Emirates ID number, mobile and e-mail.',
    allow: 'Allow',
  },
  ar: {
    title: 'UAE PASS (بديل محلي)',
    note: 'هذه الصفحة بديل محلي عن UAE PASS على هذا الجهاز. لا يُستخدم أي حساب UAE PASS حقيقي.',
    signIn: `تسجيل الدخول باسم ${SAMPLE_UAE_PASS_PERSON.fullNameAr}`,
    allowText: 'يطلب Move car قراءة اسمك (بالعربية والإنجليزية) ورقم الهوية الإماراتية ورقم الهاتف والبريد الإلكتروني.',
    allow: 'سماح',
  },
};

/** The stand-in's two steps: sign in as the sample person, then allow Move car to read the profile. */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse, action?: string) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'POST' && action === 'login') {
    return provider.interactionFinished(req, res, { login: { accountId: LOCAL_CLAIMS.uuid } }, { mergeWithLastSubmission: false });
  }
  if (req.method === 'POST' && action === 'allow') {
    const grant = new provider.Grant({ accountId: details.session!.accountId!, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }
  const lang = details.params.ui_locales === 'ar' ? 'ar' : 'en';
  const w = WORDS[lang];
  const login = details.prompt.name === 'login';
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // No form-action: the sign-in ends in redirects back to Move car, another origin.
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.end(`<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#111}
button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:1px solid #111;background:#fff;width:100%}
p{line-height:1.5}.note{color:#555;font-size:.9rem}</style></head><body>
<h1>${w.title}</h1><p class="note">${w.note}</p>${login ? '' : `<p>${w.allowText}</p>`}
<form method="post" action="/interaction/${details.uid}/${login ? 'login' : 'allow'}"><button type="submit">${login ? w.signIn : w.allow}</button></form>
</body></html>`);
}
