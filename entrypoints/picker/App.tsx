import { useLayoutEffect, useRef } from 'preact/hooks';
import { openFirstRunPage } from '@/lib/onboarding/first-run';
import { QuickSearch } from '@/components/search/QuickSearch';
import { SignedOutPrompt } from '@/components/search/SignedOutPrompt';
import { SyncProblem } from '@/components/search/SyncProblem';
import { BrandMark } from '@/components/design/Brand';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { CheckIcon } from '@/components/icons/check';
import { NoteIcon } from '@/components/icons/note';
import type { QuickSearchModel } from '@/lib/quick-search/search-model';
import type { PickerModel } from './model';

// "Add selection as a note to a job…": the selected text, the quick search to find the job, and
// one action that adds the text as a note to the chosen job, then closes the window.

export function App({ search, picker }: { search: QuickSearchModel; picker: PickerModel }) {
  const addButton = useRef<HTMLButtonElement>(null);
  const chosen = picker.chosen.value;
  // In the same task as the render that shows the chosen job: focus is never a frame behind it.
  useLayoutEffect(() => {
    if (chosen) addButton.current?.focus();
  }, [chosen]);

  const workspace = search.workspace.value;
  if (workspace !== null && workspace.state !== 'ready')
    return <SignedOutPrompt reason={workspace.state} left={[]} onContinue={() => void openFirstRunPage()} />;
  const text = picker.text.value;
  const state = picker.state.value;

  async function add(): Promise<void> {
    if (await picker.add()) setTimeout(() => window.close(), 600);
  }

  return (
    <>
      <h1 class="app-head">
        <BrandMark />
        Add the selection as a note
      </h1>
      {text === undefined ? (
        <p aria-busy="true" class="picker-intro">
          Loading the selection…
        </p>
      ) : text === null ? (
        <p id="no-selection" class="picker-intro">
          Nothing is waiting to be added. Select text on a page, right-click it and choose “Add selection as a note to a
          job…”.
        </p>
      ) : (
        <blockquote id="selection" class="selection" aria-label="Selected text">
          {text}
        </blockquote>
      )}
      <QuickSearch
        query={search.query.value}
        rows={search.rows.value}
        active={search.active.value}
        heading={search.heading.value}
        answered={search.answered.value}
        today={search.today()}
        status={search.statusLine.value}
        problem={search.syncProblem.value && <SyncProblem problem={search.syncProblem.value} />}
        offline={search.offline.value}
        hint="Enter chooses the job for the note."
        onQuery={(q) => void search.setQuery(q)}
        onMove={search.move}
        onSelect={search.select}
        customers={search.customers.value}
        jobsFirst={search.jobsFirst.value}
        customer={search.customer.value}
        onOpenCustomer={(row) => void search.openCustomer(row)}
        onCloseCustomer={() => void search.closeCustomer()}
        onChoose={(row) => picker.choose(row)}
      />
      <section aria-labelledby="chosen-title" class="chosen">
        <h2 id="chosen-title" class={chosen ? undefined : 'none'}>
          {chosen
            ? `Note for job #${chosen.number}${chosen.customer ? `, ${chosen.customer}` : ''}`
            : 'Choose a job above'}
        </h2>
        <button
          ref={addButton}
          type="button"
          id="add-note"
          class="btn-primary btn-lg btn-block"
          disabled={!chosen || !text || state !== 'idle'}
          onClick={() => void add()}
        >
          <NoteIcon />
          {state === 'saving' ? 'Adding…' : 'Add as note'}
        </button>
        <p role="status" id="picker-state" class="picker-done quiet-when-empty">
          {state === 'added' && (
            <>
              <CheckIcon />
              Note added. It reaches the platform as soon as there is a connection.
            </>
          )}
        </p>
        {picker.error.value && <ProblemNotice id="picker-error" problem={picker.error.value} />}
      </section>
    </>
  );
}
