// What the pages' Content-Security-Policy allows by hash (build/prerender.ts hashes what the pages
// carry; server/http/livePages.ts checks a page rendered later against the same hashes).
import { createHash } from 'node:crypto';

/** A CSP source hash of inline text. */
export const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The style attributes in rendered HTML, as the browser reads (and hashes) them. */
export const styleAttributes = (html: string) => [...html.matchAll(/ style="([^"]*)"/g)].map((m) => unescape(m[1]!));
