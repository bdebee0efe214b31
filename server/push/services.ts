// Where the server sends push messages: a subscription's endpoint is an address the browser gives, so
// only the browsers' own push services are accepted (over HTTPS), and the origins the configuration adds
// (PUSH_SERVICES: the local stand-in in tests). Any other address is refused when the device subscribes,
// so a signed-in user cannot make the server call into its own network.

/** The push services of Chrome and Edge's Chromium, Firefox, Safari and Windows (a host, or a suffix after a dot). */
const BROWSER_SERVICES = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export function pushServiceAllowed(endpoint: string, extra: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extra.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return BROWSER_SERVICES.some((host) => (host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host));
}
