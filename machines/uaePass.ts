// UAE PASS (national digital identity): OAuth2 authorization-code flow. The token exchange needs the
// client secret, so it belongs on a server; the front end builds the authorize URL and checks `state`.

export const UAE_PASS_AUTHORIZE = {
  staging: 'https://stg-id.uaepass.ae/idshub/authorize',
  production: 'https://id.uaepass.ae/idshub/authorize',
} as const;

export const UAE_PASS_SCOPE = 'urn:uae:digitalid:profile:general';
export const UAE_PASS_ACR = 'urn:safelayer:tws:policies:authentication:level:low';

export interface UaePassConfig {
  clientId: string;
  redirectUri: string;
  environment: keyof typeof UAE_PASS_AUTHORIZE;
}

export function authorizeUrl(config: UaePassConfig, state: string, lang: 'en' | 'ar'): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    state,
    scope: UAE_PASS_SCOPE,
    acr_values: UAE_PASS_ACR,
    ui_locales: lang,
  });
  return `${UAE_PASS_AUTHORIZE[config.environment]}?${params}`;
}

/** The sample verified profile the sandbox returns (names in both scripts, Emirates ID). */
export const SANDBOX_PROFILE = {
  email: 'sandbox.renter@uaepass.example',
  fullName: 'Fatima Al Hashimi',
  fullNameAr: 'فاطمة الهاشمي',
  phone: '+971501234567',
  emiratesId: '784-1990-1234567-6',
  verified: true,
};
