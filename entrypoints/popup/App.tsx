import { QuickSearch } from '@/components/search/QuickSearch';
import { SignedOutPrompt } from '@/components/search/SignedOutPrompt';
import type { QuickSearchModel } from '@/lib/quick-search/search-model';
import { canOpenSidePanel, openJob, openSettings } from './open';

export function App({ model }: { model: QuickSearchModel }) {
  const workspace = model.workspace.value;
  if (workspace === null) return <h1 aria-busy="true">Fieldside</h1>;
  if (workspace.state !== 'ready') return <SignedOutPrompt reason={workspace.state} onOpenSettings={openSettings} />;
  const panel = canOpenSidePanel();
  return (
    <>
      <h1 class="visually-hidden">Fieldside</h1>
      <QuickSearch
        query={model.query.value}
        rows={model.rows.value}
        active={model.active.value}
        heading={model.heading.value}
        answered={model.answered.value}
        status={model.statusLine.value}
        offline={model.offline.value}
        hint={panel ? 'Enter opens the job in the side panel, Shift+Enter in the web app.' : 'Enter opens the job in the web app.'}
        onQuery={(q) => void model.setQuery(q)}
        onMove={model.move}
        onSelect={model.select}
        onChoose={(row, alt) => void openJob(row.uuid, panel && !alt ? 'sidepanel' : 'web')}
      />
    </>
  );
}
