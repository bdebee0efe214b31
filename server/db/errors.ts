// PostgreSQL's error codes, as both engines report them (PGlite and node-postgres put the code on the
// error or on its cause, under Drizzle's wrapper).

const hasCode = (error: unknown, code: string) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
};

/** An exclusion constraint refused the row: two bookings holding one car for overlapping times. */
export const isOverlap = (error: unknown) => hasCode(error, '23P01');

/** A unique constraint refused the row: a plate another car has, say. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
