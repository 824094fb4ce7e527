import { useEffect } from 'preact/hooks';
import { WebhooksView } from '@/components/webhooks';
import type { WebhooksModel } from './webhooks-model';

/** The options page's "Webhooks" section: lists on first show, then on every filter change and action.
 * Signed in, only administrators manage the subscriptions; others are told who does. */
export function WebhooksSection({
  model,
  mode,
  canManage,
}: {
  model: WebhooksModel;
  mode: 'oauth' | 'api_key';
  canManage: boolean;
}) {
  useEffect(() => void (canManage && model.refresh()), [model, mode, canManage]);
  return (
    <section aria-labelledby="webhooks-heading" class="card section">
      <h2 id="webhooks-heading">Webhooks</h2>
      <WebhooksView
        mode={mode}
        canManage={canManage}
        filter={model.filter.value}
        listed={model.listed.value}
        subscriptions={model.subscriptions.value}
        busy={model.busy.value}
        error={model.error.value}
        status={model.status.value}
        onFilter={(f) => void model.setFilter(f)}
        onRefresh={() => void model.refresh()}
        onReactivate={(s) => void model.reactivate(s)}
        onDelete={(s) => void model.remove(s)}
        onRotate={() => void model.rotate()}
      />
    </section>
  );
}
