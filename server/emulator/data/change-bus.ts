import type { ChangeBus, RecordChange } from '../contracts';

/** In-process fan-out of record changes (the webhook engine listens). A failing listener never blocks a write. */
export function createChangeBus(): ChangeBus {
  const listeners = new Set<(change: RecordChange) => void>();
  return {
    emit(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          console.error('change listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
