/** Leaves the app for another site's page in this tab (the payment provider's): one place, so the jsdom tests can see it. */
export function leaveTo(url: string) {
  window.location.assign(url);
}
