// Arabic catalog. Keys and structure mirror ./en (enforced by `Catalog`).
// Wording follows the design notes' DOMAIN.md (shared/design, beside the checkout), "Arabic wording": استلام / إرجاع,
// مبلغ التأمين = security deposit, insurance is written as التأمين على المركبة to keep the two apart.
// Latin formats inside Arabic sentences are wrapped in \u2066…\u2069 (isolates) to keep their order.
//
// The whole Arabic catalog: every part (./ar/*.ts) in one object, for tests and the prerender (see ./en.ts).
import type { Catalog } from './en';
import common from './ar/common';
import forms from './ar/forms';
import home from './ar/home';
import search from './ar/search';
import account from './ar/account';
import rental from './ar/rental';
import manager from './ar/manager';
import gate from './ar/gate';
import agreement from './ar/agreement';
import papers from './ar/papers';
import counter from './ar/counter';
import help from './ar/help';
import emergency from './ar/emergency';
import staff from './ar/staff';
import company from './ar/company';
import fleet from './ar/fleet';

export const ar: Catalog = { ...common, ...forms, ...home, ...search, ...account, ...rental, ...manager, ...gate, ...agreement, ...papers, ...counter, ...help, ...emergency, ...staff, ...company, ...fleet };
