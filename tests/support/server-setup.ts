// The API tests' files share their modules within a worker (`isolate: false` in vite.config.ts: each
// file importing the server afresh cost more than a third of their time). A setup file still runs
// before each file, so the per-file work is registered here: each file's server is closed after it.
import { afterAll } from 'vitest';
import { closeServer } from '../server/helpers';

afterAll(closeServer);
