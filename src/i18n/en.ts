// The whole English catalog, the source of keys: every part a page loads (./en/*.ts) in one object.
// `Catalog` is inferred from it (string leaves widen to `string`); each Arabic part is typed against
// its English one, and ar.ts as `Catalog`, so a key missing in Arabic fails the typecheck.
// Placeholders in braces ({code}) are filled by `fill()` from ./format; entries that depend on a count
// are `Plural` objects, read with `plural()`.
//
// The app never loads this file: a page loads the common words and its screen's parts (./locale.tsx).
// Tests, the prerender and the catalogs' own checks read the whole.
import common from './en/common';
import forms from './en/forms';
import home from './en/home';
import search from './en/search';
import account from './en/account';
import rental from './en/rental';
import manager from './en/manager';
import gate from './en/gate';
import agreement from './en/agreement';
import papers from './en/papers';
import counter from './en/counter';
import help from './en/help';
import emergency from './en/emergency';
import staff from './en/staff';
import company from './en/company';
import fleet from './en/fleet';

export const en = { ...common, ...forms, ...home, ...search, ...account, ...rental, ...manager, ...gate, ...agreement, ...papers, ...counter, ...help, ...emergency, ...staff, ...company, ...fleet };

export type Catalog = typeof en;
export type Lang = 'en' | 'ar';
