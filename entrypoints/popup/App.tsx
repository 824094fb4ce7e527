import { QuickSearch } from '@/components/search/QuickSearch';
import { SearchNotAllowed } from '@/components/search/FeatureMissing';
import { SignedOutPrompt } from '@/components/search/SignedOutPrompt';
import { SetupLeft } from '@/components/SetupLeft';
import { BrandMark } from '@/components/design/Brand';
import type { QuickSearchModel } from '@/lib/quick-search/search-model';
import { canOpenSidePanel, openFirstRun, openJob } from './open';
import type { PopupSetup } from './setup';

export function App({ model, setup }: { model: QuickSearchModel; setup: PopupSetup }) {
  const workspace = model.workspace.value;
  const head = (
    <h1 class="app-head" aria-busy={workspace === null ? 'true' : undefined}>
      <BrandMark />
      Fieldside
    </h1>
  );
  if (workspace === null) return head;
  if (workspace.state !== 'ready') {
    return (
      <>
        {head}
        <SignedOutPrompt reason={workspace.state} left={setup.left.value} onContinue={() => void openFirstRun()} />
      </>
    );
  }
  if (!workspace.canSearch) {
    return (
      <>
        {head}
        <SearchNotAllowed busy={setup.asking.value} onAllow={() => void setup.allowSearch().catch(() => undefined)} />
      </>
    );
  }
  const panel = canOpenSidePanel();
  return (
    <>
      {head}
      <QuickSearch
        query={model.query.value}
        rows={model.rows.value}
        active={model.active.value}
        heading={model.heading.value}
        answered={model.answered.value}
        status={model.statusLine.value}
        problem={model.syncProblem.value}
        offline={model.offline.value}
        hint={panel ? 'Enter opens the job in the side panel, Shift+Enter in the web app.' : 'Enter opens the job in the web app.'}
        onQuery={(q) => void model.setQuery(q)}
        onMove={model.move}
        onSelect={model.select}
        onChoose={(row, alt) => void openJob(row.uuid, panel && !alt ? 'sidepanel' : 'web')}
      />
      <SetupLeft left={setup.left.value} onContinue={() => void openFirstRun()} />
    </>
  );
}
