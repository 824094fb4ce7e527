// The offline outbox: notes and badge changes stored first, sent later, exactly once.
export { createOutbox, type Outbox, type OutboxOptions } from './outbox';
export {
  createOutboxSender,
  type OutboxSender,
  type OutboxSenderOptions,
  type FlushReport,
  type SetTimer,
} from './sender';
export type { OutboxClient } from './apply';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
export { classifyFailure } from './classify';
export * from './types';
