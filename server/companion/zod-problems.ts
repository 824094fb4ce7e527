import type { z } from 'zod';

/** What a zod check found, by field and rule in one line (`path: rule; …`), never the values (they may be codes or
 * tokens). `whole`: the name of a problem with the value as a whole. */
export const zodProblems = (error: z.ZodError, whole = 'body'): string =>
  error.issues.map((i) => `${i.path.map(String).join('.') || whole}: ${i.message}`).join('; ');
