// UAE PASS (national digital identity): OpenID Connect authorization code with PKCE, run by the server
// (server/auth/uaePass.ts). What both sides share: the scope, the assurance level and the sample person.

export const UAE_PASS_SCOPE = 'urn:uae:digitalid:profile:general';
export const UAE_PASS_ACR = 'urn:safelayer:tws:policies:authentication:level:low';

/** The sample verified person the local UAE PASS stand-in signs in (names in both scripts). */
export const SAMPLE_UAE_PASS_PERSON = {
  email: 'fatima.alhashimi@uaepass.example',
  fullName: 'Fatima Al Hashimi',
  fullNameAr: 'فاطمة الهاشمي',
  phone: '+971501234567',
  emiratesId: '784-1990-1234567-6',
};
