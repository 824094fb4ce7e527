import { z } from 'zod';
import { syncFullRefreshItem as item } from '../settings';

// When each view last had a full refresh, so the hourly refresh of impersonated views survives the
// service worker being stopped (the item is declared in lib/settings.ts).
const Schema = z.record(z.string(), z.number());

export const fullRefreshStore = {
  async get(key: string): Promise<number | null> {
    const parsed = Schema.safeParse(await item.getValue());
    return parsed.success ? (parsed.data[key] ?? null) : null;
  },
  async set(key: string, at: number): Promise<void> {
    const parsed = Schema.safeParse(await item.getValue());
    // Only the newest few views: switching "view as" through many staff must not grow this forever.
    const entries = Object.entries(parsed.success ? parsed.data : {}).filter(([k]) => k !== key).slice(-9);
    await item.setValue(Object.fromEntries([...entries, [key, at]]));
  },
};
