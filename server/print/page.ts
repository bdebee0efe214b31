// What a printed page (a tax document, the signed agreement) is allowed: nothing but its own style
// sheet, by its hash. It runs no script, loads nothing and cannot be framed.
import { createHash } from 'node:crypto';

export const printedPageCsp = (style: string) =>
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
