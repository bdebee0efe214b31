import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new versioned migration after a change to the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
