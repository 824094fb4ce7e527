import { z } from 'zod';

/** A flag as the platform's answers write it (`active`, …): 1 or 0, "1" or "0", or a boolean; set only for 1, "1" or
 * true. */
export const PlatformFlagSchema = z
  .union([z.number(), z.string(), z.boolean()])
  .transform((v) => v === true || v === 1 || v === '1');
