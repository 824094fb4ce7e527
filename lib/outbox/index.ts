// The offline outbox: notes, badge changes, time on site, statuses and files stored first, sent later, exactly once.
export { createOutbox, type Outbox, type OutboxOptions } from './outbox';
export {
  createOutboxSender,
  type OutboxSender,
  type OutboxSenderOptions,
  type FlushReport,
  type SetTimer,
} from './sender';
export type { OutboxClient, ApplyContext } from './apply';
export { KINDS, applyEntry, type KindDef } from './kinds';
export { createFileStore, type FileStore, type FileSource, type KeptFile } from './files';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
export { classifyFailure } from './classify';
export * from './types';
