import { EmptyState } from '../design/EmptyState';
import { useFocusOnMount } from '../design/focus-on-mount';
import { SearchIcon } from '../icons/search';
import { FEATURE_WORDS } from '../feature-words';

/** Instead of the search, when the sign-in does not allow reading jobs: says so, and asks for it
 * (the platform's consent page asks only for what is missing). */
export function SearchNotAllowed({ busy, onAllow }: { busy: boolean; onAllow(): void }) {
  const button = useFocusOnMount<HTMLButtonElement>();
  return (
    <section class="prompt" aria-labelledby="prompt-title" data-state="search_not_allowed">
      <EmptyState
        heading
        titleId="prompt-title"
        icon={<SearchIcon size={20} />}
        title="Allow Fieldside to find your jobs"
        action={
          <button type="button" class="btn-primary btn-lg" disabled={busy} onClick={onAllow} ref={button}>
            {FEATURE_WORDS.search.allow}
          </button>
        }
      >
        {FEATURE_WORDS.search.lacking}
      </EmptyState>
    </section>
  );
}
