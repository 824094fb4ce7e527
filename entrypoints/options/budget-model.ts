import { signal } from '@preact/signals';
import { connectLive } from '@/lib/messaging/live';
import { sendMessage } from '@/lib/messaging/send';
import type { BudgetView } from '@/lib/messaging/views';

// The account's request budget as this browser saw it ("budget.status"), refreshed whenever the sync status
// changes (the background pushes it when the daily limit is reached and when it clears).
export function createBudgetModel() {
  const budget = signal<BudgetView | null>(null, { name: 'budget' });
  async function load(): Promise<void> {
    budget.value = await sendMessage('budget.status', {}).catch(() => null);
  }
  return {
    budget,
    load,
    watch: (): (() => void) =>
      connectLive(() => void load(), { events: ['sync.status'], onReconnect: () => void load() }),
  };
}

export type BudgetModel = ReturnType<typeof createBudgetModel>;
