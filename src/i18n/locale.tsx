import { createContext, use, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { DirectionProvider } from '@radix-ui/react-direction';
import type { Catalog, Lang } from './en';
import { pathOf, type ScreenId } from './paths';

export interface Locale {
  lang: Lang;
  dir: 'ltr' | 'rtl';
  t: Catalog;
  /** Path of a screen (and of one of its records) in the current language. */
  to: (id: ScreenId, param?: string) => string;
}

const LocaleContext = createContext<Locale | null>(null);

// Each catalog is its own chunk: a page downloads only its own language's words (the index, in
// both languages, both). The promise is cached so React's `use()` sees the same one on every render.
// Once loaded, the promise carries its value the way React's `use()` reads it, so a page hydrated
// after loading it renders at once instead of suspending over its prerendered HTML.
const catalogs: Partial<Record<Lang, Promise<Catalog>>> = {};
export const loadCatalog = (lang: Lang): Promise<Catalog> =>
  (catalogs[lang] ??= settled(
    lang === 'ar' ? import('./ar').then((m) => m.ar) : import('./en').then((m) => m.en),
  ));

function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: 'fulfilled'; value?: T };
  void promise.then((value) => Object.assign(tracked, { status: 'fulfilled', value }));
  return promise;
}

/**
 * The single place direction comes from: it sets `<html lang dir>` and Radix's DirectionProvider
 * (Radix does not read `<html dir>`). Suspends while the language's catalog loads the first time.
 */
export function LocaleProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const t = use(loadCatalog(lang));
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const locale = useMemo<Locale>(() => ({ lang, dir, t, to: (id, param) => pathOf(id, lang, param) }), [lang, dir, t]);

  useLayoutEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
  }, [lang, dir]);

  return (
    <LocaleContext value={locale}>
      <DirectionProvider dir={dir}>{children}</DirectionProvider>
    </LocaleContext>
  );
}

export function useLocale(): Locale {
  const locale = useContext(LocaleContext);
  if (!locale) throw new Error('useLocale outside LocaleProvider');
  return locale;
}
