import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

/** One import boundary: `{ regex }` for `no-restricted-imports`, with why it is refused. */
const boundary = (regex, message, allowTypeImports = false) => ({ regex, message, allowTypeImports });
const REACT = boundary('^(react|react-dom|@xstate/react|react-router-dom)(/|$)', 'machines/ and src/client are framework-free.');
const SERVER = boundary('(^|/)server/', 'Only the server imports server/ (the browser may import its types).', true);
const NO_SERVER_CODE = boundary('(^|/)server/', 'Only the server imports server/.');
const BROWSER = boundary('(^|/)src/', 'machines/ and server/ never import the browser app.');
const NODE = boundary('^node:', 'machines/ runs in the browser too: no Node built-ins.');
const DATABASE = boundary('^(drizzle-orm|@electric-sql/pglite|pg|hono|@hono/)', 'machines/ knows no database or HTTP framework.');
const WHOLE_CATALOG = boundary(
  '(^|/)(i18n/)?(en|ar)$',
  'The whole catalog is for tests and the prerender: a page loads its parts (i18n/locale.tsx).',
  true,
);
/** React Router's `<Link>` carries framework-mode code every page would load: src/ui/Link.tsx instead. */
const OWN_LINK = { name: 'react-router-dom', importNames: ['Link', 'NavLink'], message: 'Use src/ui/Link.tsx (see why there).' };
const layer = (...names) => boundary(`(^|/)(${names.join('|')})/`, `Imports flow one way: machines ← client, i18n ← ui ← screens ← app.`);

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'tests/e2e/screenshots', 'tests/e2e/output', 'tests/bench/output', 'tests/bench/output-server', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // No import cycle anywhere (server, browser, machines, build, tests): a module is read after everything
  // it imports. Type-only imports are excepted (\`import type\`): they are gone once compiled.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The import boundaries (docs/architecture.md, "What runs where"): the machines are pure and shared; the server and the
  // browser meet only through machines/ and the server's types.
  {
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [REACT, NO_SERVER_CODE, BROWSER, NODE, DATABASE] }] },
  },
  {
    // Wording both sides print (the agreement, the places' names): as pure as the machines.
    files: ['texts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [REACT, NO_SERVER_CODE, BROWSER, NODE, DATABASE] }] },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: [BROWSER, REACT] }] },
  },
  {
    files: ['src/client/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER, REACT, WHOLE_CATALOG, layer('i18n', 'ui', 'screens', 'app')] }] },
  },
  {
    files: ['src/i18n/**/*.{ts,tsx}'],
    ignores: ['src/i18n/en.ts', 'src/i18n/ar.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER, WHOLE_CATALOG, layer('client', 'ui', 'screens', 'app')] }] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/data/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [OWN_LINK], patterns: [SERVER, WHOLE_CATALOG, layer('screens', 'app')] }] },
  },
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [OWN_LINK], patterns: [SERVER, WHOLE_CATALOG, layer('app')] }] },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [OWN_LINK], patterns: [SERVER, WHOLE_CATALOG] }] },
  },
  {
    // The service worker runs in the worker's scope, apart from the app: it shares only the pure rules.
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER, REACT, layer('client', 'i18n', 'ui', 'screens', 'app', 'data', 'search')] }] },
  },
  {
    // Build time: the prerender reads the whole catalogs for each page's title and description.
    files: ['src/prerender.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER] }] },
  },
  {
    // Node scripts whose page.evaluate() callbacks run in the browser.
    files: ['tests/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
