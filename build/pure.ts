// React Router's production build creates its components and contexts at the top of one big module
// (`React.forwardRef(…)`, `React.createContext(…)`, then `X.displayName = "…"`) without marking them
// pure, so the bundler must keep every one, and all they reach: the data router, forms, fetchers,
// framework-mode prefetching, which the app's declarative router never runs. Marked pure, and
// without the names (only React's developer tools read them, and a production build has none to
// show), what the app does not use is left out.
import type { Plugin } from 'vite';

const MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

export const markPure = (code: string) =>
  code
    .replace(/\b(React\d*\.(?:forwardRef|createContext|memo))\(/g, '/* @__PURE__ */ $1(')
    .replace(/^[ \t]*[\w$]+\.displayName = (["'`])[^"'`\n]*\1;?[ \t]*$/gm, '');

export const pureRouter = (): Plugin => ({
  name: 'movecar:pure-router',
  apply: 'build',
  transform: {
    filter: { id: MODULE },
    handler: (code) => ({ code: markPure(code), map: null }),
  },
});
