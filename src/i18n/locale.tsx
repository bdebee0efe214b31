import { createContext, use, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { DirectionProvider } from '@radix-ui/react-direction';
import type { Lang } from './en';
import type { Words as Common } from './en/common';
import { keptLoads } from './kept';
import { pathOf, type ScreenId } from './paths';

// A page downloads its language's common words (the header, the menu, money, the cars as lists show
// them) and the parts its screen uses, each its own chunk: Home does not carry the contract managers'
// words, nor an English page the Arabic ones. A component names the parts it reads
// (`useLocale('rental')`), and its `t` has those words beside the common ones, typed: a word from a
// part it did not name does not compile.

/** The parts of the catalogs besides the common words (./en/*.ts, ./ar/*.ts). */
interface PartWords {
  forms: typeof import('./en/forms').default;
  home: typeof import('./en/home').default;
  search: typeof import('./en/search').default;
  account: typeof import('./en/account').default;
  rental: typeof import('./en/rental').default;
  manager: typeof import('./en/manager').default;
  gate: typeof import('./en/gate').default;
  agreement: typeof import('./en/agreement').default;
  papers: typeof import('./en/papers').default;
  counter: typeof import('./en/counter').default;
  help: typeof import('./en/help').default;
  emergency: typeof import('./en/emergency').default;
  staff: typeof import('./en/staff').default;
  company: typeof import('./en/company').default;
  fleet: typeof import('./en/fleet').default;
}
export type Part = keyof PartWords;

type Loaders = Record<'common' | Part, () => Promise<{ default: object }>>;
const LOADERS: Record<Lang, Loaders> = {
  en: {
    common: () => import('./en/common'),
    forms: () => import('./en/forms'),
    home: () => import('./en/home'),
    search: () => import('./en/search'),
    account: () => import('./en/account'),
    rental: () => import('./en/rental'),
    manager: () => import('./en/manager'),
    gate: () => import('./en/gate'),
    agreement: () => import('./en/agreement'),
    papers: () => import('./en/papers'),
    counter: () => import('./en/counter'),
    help: () => import('./en/help'),
    emergency: () => import('./en/emergency'),
    staff: () => import('./en/staff'),
    company: () => import('./en/company'),
    fleet: () => import('./en/fleet'),
  },
  ar: {
    common: () => import('./ar/common'),
    forms: () => import('./ar/forms'),
    home: () => import('./ar/home'),
    search: () => import('./ar/search'),
    account: () => import('./ar/account'),
    rental: () => import('./ar/rental'),
    manager: () => import('./ar/manager'),
    gate: () => import('./ar/gate'),
    agreement: () => import('./ar/agreement'),
    papers: () => import('./ar/papers'),
    counter: () => import('./ar/counter'),
    help: () => import('./ar/help'),
    emergency: () => import('./ar/emergency'),
    staff: () => import('./ar/staff'),
    company: () => import('./ar/company'),
    fleet: () => import('./ar/fleet'),
  },
};

// Kept per language and part (./kept.ts): React's `use()` sees the same promise on every render.
const loadPart = keptLoads((key: `${Lang}/${'common' | Part}`) => {
  const [lang, part] = key.split('/') as [Lang, 'common' | Part];
  return LOADERS[lang][part]().then((m) => m.default);
});
const load = (lang: Lang, part: 'common' | Part) => loadPart(`${lang}/${part}`);

/** A language's common words: what every page shows. */
export const loadCatalog = (lang: Lang) => load(lang, 'common') as Promise<Common>;

/** The parts a screen reads, loaded ahead of its first render (the page's boot, a navigation). */
export const loadWords = (lang: Lang, parts: readonly Part[]) => Promise.all(parts.map((part) => load(lang, part)));

/** One part of a language's words, the same promise each time: for `use()`, where a screen shows a text in the other language too. */
export const partOf = <P extends Part>(lang: Lang, part: P) => load(lang, part) as Promise<PartWords[P]>;

/** Called for each part a page loads while it is prerendered (the build checks them). */
let onLoad: ((lang: Lang, part: Part) => void) | undefined;
export const recordWords = (listener: typeof onLoad) => void (onLoad = listener);

export interface Locale<T = Common> {
  lang: Lang;
  dir: 'ltr' | 'rtl';
  t: T;
  /** Path of a screen (and of one of its records) in the current language. */
  to: (id: ScreenId, param?: string) => string;
}

const LocaleContext = createContext<Locale | null>(null);

/**
 * The single place direction comes from: it sets `<html lang dir>` and Radix's DirectionProvider
 * (Radix does not read `<html dir>`). Suspends while the language's common words load the first time.
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

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** The common words and those of `P`'s parts. */
export type WordsOf<P extends readonly Part[]> = Common & Intersection<PartWords[P[number]]>;

/**
 * The language, direction and words: the common ones, and those of each part named (which this
 * suspends for, the first time, if the screen's boot or navigation has not loaded them already).
 */
export function useLocale<const P extends readonly Part[] = []>(...parts: P): Locale<WordsOf<P>> {
  const locale = useContext(LocaleContext);
  if (!locale) throw new Error('useLocale outside LocaleProvider');
  const loaded = parts.map((part) => {
    onLoad?.(locale.lang, part);
    return use(load(locale.lang, part));
  });
  return (parts.length > 0 ? withParts(locale, parts, loaded) : locale) as Locale<WordsOf<P>>;
}

/** The locale with some parts' words beside the common ones: made once, the same object each render. */
const byParts = new WeakMap<Locale, Map<string, Locale>>();
function withParts(locale: Locale, parts: readonly Part[], loaded: object[]): Locale {
  let made = byParts.get(locale);
  if (!made) byParts.set(locale, (made = new Map()));
  const key = parts.join();
  let found = made.get(key);
  if (!found) made.set(key, (found = { ...locale, t: Object.assign({}, locale.t, ...loaded) }));
  return found;
}
