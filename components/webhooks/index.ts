export { WebhooksView, type WebhookFilter, type WebhooksViewProps } from './WebhooksView';
export { SubscriptionRow } from './SubscriptionRow';
