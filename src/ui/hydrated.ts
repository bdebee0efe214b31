import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React takes over a prerendered page, true from the render after: what only the browser
 * knows (the address's query, say) is shown then, so the prerendered HTML and the first render agree
 * (otherwise React reports a hydration mismatch and draws the page anew).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
