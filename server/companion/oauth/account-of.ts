import { z } from 'zod';
import type { CompanionConfig } from '../config';
import { PLATFORM_TIMEOUT_MS } from './platform-token';

// The account a fresh access token belongs to (vendor.json), sealed into the refresh token so later refreshes
// count against that account's limit without asking the platform again.

const Vendor = z.object({ uuid: z.string().min(1) });
const VendorAnswer = z.union([z.array(Vendor).min(1), Vendor]);

/** The account's uuid, or null when the platform does not say (no `vendor` scope, or it failed just now). */
export async function accountOf(
  config: Pick<CompanionConfig, 'platformBaseUrl'>,
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  try {
    const response = await fetchImpl(`${config.platformBaseUrl}/api_1.0/vendor.json`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const parsed = VendorAnswer.safeParse(await response.json());
    if (!parsed.success) return null;
    return (Array.isArray(parsed.data) ? parsed.data[0]! : parsed.data).uuid;
  } catch {
    return null;
  }
}
