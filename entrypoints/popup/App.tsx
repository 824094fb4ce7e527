import type { Signal } from '@preact/signals';
import { QuickSearch } from '@/components/search/QuickSearch';
import { BrandMark } from '@/components/design/Brand';
import { DailyLimitNotice } from '@/components/budget/DailyLimitNotice';
import type { QuickSearchModel } from '@/lib/quick-search/search-model';
import { newJob, openJob } from './open';
import { canOpenSidePanel, searchHint } from './search-hint';
import type { PopupSetup } from './setup';

/** The setting-up views and their state, once loaded (setup-views.tsx). */
export interface LoadedSetup {
  views: typeof import('./setup-views');
  setup: PopupSetup;
}

export function App({ model, setup }: { model: QuickSearchModel; setup: Signal<LoadedSetup | null> }) {
  const workspace = model.workspace.value;
  const loaded = setup.value;
  const head = (
    <h1
      class="app-head"
      aria-busy={workspace === null || (workspace.state !== 'ready' && loaded === null) ? 'true' : undefined}
    >
      <BrandMark />
      Fieldside
    </h1>
  );
  if (workspace === null) return head;
  if (workspace.state !== 'ready' || !workspace.canSearch) {
    return (
      <>
        {head}
        {loaded && <loaded.views.NotReady workspace={workspace} setup={loaded.setup} />}
      </>
    );
  }
  const panel = canOpenSidePanel();
  return (
    <>
      <div class="app-bar">
        {head}
        <button
          type="button"
          id="new-job"
          class="btn-sm"
          onClick={() => void newJob(model.query.value, model.customer.value?.uuid ?? null)}
        >
          + New job
        </button>
      </div>
      <DailyLimitNotice until={model.sync.value?.dailyLimitUntil} />
      <QuickSearch
        query={model.query.value}
        rows={model.rows.value}
        active={model.active.value}
        heading={model.heading.value}
        answered={model.answered.value}
        today={model.today()}
        status={model.statusLine.value}
        problem={loaded && model.syncProblem.value && <loaded.views.SyncProblem problem={model.syncProblem.value} />}
        offline={model.offline.value}
        hint={searchHint(panel)}
        onQuery={(q) => void model.setQuery(q)}
        onMove={model.move}
        onSelect={model.select}
        customers={model.customers.value}
        jobsFirst={model.jobsFirst.value}
        customer={model.customer.value}
        onOpenCustomer={(row) => void model.openCustomer(row)}
        onCloseCustomer={() => void model.closeCustomer()}
        onChoose={(row, alt) => void openJob(row.uuid, panel && !alt ? 'sidepanel' : 'web')}
      />
      {loaded && <loaded.views.SetupReminder setup={loaded.setup} />}
    </>
  );
}
