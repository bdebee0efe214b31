import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadCatalog } from '../src/i18n/locale';
import { preloadScreen } from '../src/app/routes';
import { SCREEN_IDS } from '../src/i18n/paths';
import { WAIT_MS } from './support/wait';

configure({ asyncUtilTimeout: WAIT_MS });

// The catalogs' parts and the screens are lazy chunks. React 19 does not resume a render that first
// suspends inside an act scope (a user-event click that navigates), so load them once up front.
// Browsers have no such limit; the Chromium tests exercise the real lazy loading.
const dom = typeof window !== 'undefined'; // machine tests run in plain Node

beforeAll(async () => {
  if (dom)
    await Promise.all([
      loadCatalog('en'),
      loadCatalog('ar'),
      ...SCREEN_IDS.flatMap((id) => [preloadScreen(id, 'en'), preloadScreen(id, 'ar')]),
    ]);
});

afterEach(() => {
  if (!dom) return;
  cleanup();
  localStorage.clear(); // the app keeps nothing there; clearing makes sure no test depends on it
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

// jsdom lacks the layout observers that Swiper and Radix feature-detect at mount.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
// jsdom has no layout to scroll (its scrollTo only logs "not implemented"); a test spies on the call.
if (dom) window.scrollTo = () => {};
// Nor a way to bring an element into view; a test spies on that call too.
if (dom) Element.prototype.scrollIntoView ??= () => {};
if (dom)
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
