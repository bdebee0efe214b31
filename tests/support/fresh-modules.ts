// The screens' files share a worker and what it has imported from node_modules (React, jsdom's
// helpers, XState, PGlite, the server's libraries: `isolate: false` in vite.config.ts), but each file
// evaluates the app's own modules afresh: their state (the session, the live streams, the screens'
// caches, the server clock's skew) is a browser's, and a browser is not shared between files.
// Importing everything anew for each file was about a third of these files' time.
import { vi } from 'vitest';

vi.resetModules();
