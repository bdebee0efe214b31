// zod at every boundary: a body, query or form that does not fit gets 400 with a code per field,
// which the client translates; nothing of the input is echoed back.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';

/** The field codes a client can translate: `required` for a missing value, `invalid` otherwise. */
export type FieldCode = 'required' | 'invalid';

/** The value at a path of the input, to tell a missing field from a wrong one. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    data,
  );
}

export function fieldCodes(issues: readonly z.core.$ZodIssue[], data: unknown): Record<string, FieldCode> {
  const fields: Record<string, FieldCode> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const missing = valueAt(data, issue.path) === undefined;
    fields[key] ??= missing ? 'required' : 'invalid';
  }
  return fields;
}

export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ error: 'invalid' as const, fields: fieldCodes(result.error.issues, result.data) }, 400);
  });

/**
 * Epoch milliseconds a booking can mean: from 1970 to 2200. Without a bound, 9007199254740991 passed
 * as an integer and `new Date(n)` then threw "Invalid time value", a 500 (after the log-in's session
 * was made).
 */
export const LATEST_INSTANT = Date.UTC(2200, 0, 1);
export const instant = () => z.number().int().min(0).max(LATEST_INSTANT);
/** An instant sent as text (a query or a form's field). */
export const instantText = () => z.coerce.number().int().min(0).max(LATEST_INSTANT);
/** PostgreSQL's `integer`: a record's version and the counts kept in such a column. */
export const INT4_MAX = 2_147_483_647;
/** The version a change is made over (a row's `version` column). */
export const version = () => z.number().int().min(1).max(INT4_MAX);
export const versionText = () => z.coerce.number().int().min(1).max(INT4_MAX);

/** An uploaded file in a multipart form, by what it can do (a File from another realm fails `instanceof File`). */
export const upload = z.custom<File>(
  (v) => typeof v === 'object' && v !== null && 'arrayBuffer' in v && 'name' in v && 'size' in v,
);
