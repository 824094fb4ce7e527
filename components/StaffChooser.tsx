import { useState } from 'preact/hooks';
import { Chip } from './design/Chip';
import { SearchIcon } from './icons/search';
import { filterStaff } from './staff-filter';

export interface StaffChoice {
  uuid: string;
  name: string;
  email: string;
  role: string;
}

export interface StaffChooserProps {
  staff: readonly StaffChoice[];
  busy: boolean;
  onChoose: (uuid: string) => void;
}

/** "Who are you": the account's staff, each with their role, found by typing; nobody is chosen until
 * the person chooses (the platform cannot say who signed in, so any preselection would be a guess). */
export function StaffChooser({ staff, busy, onChoose }: StaffChooserProps) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = filterStaff(staff, query);
  // Only someone the person can see is chosen: a pick the filter hid is not what "This is me" sends.
  const pick = chosen !== null && shown.some((s) => s.uuid === chosen) ? chosen : null;
  return (
    <form
      class="staff-chooser"
      aria-label="Who are you"
      onSubmit={(e) => {
        e.preventDefault();
        if (pick) onChoose(pick);
      }}
    >
      <div class="field">
        <label for="staff-search">Find your name</label>
        <div class="search-field">
          <SearchIcon />
          <input
            id="staff-search"
            type="search"
            autoComplete="off"
            spellcheck={false}
            placeholder="Name, e-mail or role"
            aria-controls="staff-list"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
          />
        </div>
      </div>
      <fieldset class="staff-fieldset">
        <legend class="visually-hidden">The account's staff</legend>
        <ul id="staff-list" class="staff-list list-plain">
          {shown.map((s) => (
            <li key={s.uuid}>
              <label class="staff-option" data-staff-uuid={s.uuid}>
                <input
                  type="radio"
                  name="me"
                  value={s.uuid}
                  checked={pick === s.uuid}
                  aria-labelledby={`staff-name-${s.uuid}`}
                  aria-describedby={`staff-about-${s.uuid}`}
                  onChange={() => setChosen(s.uuid)}
                />
                <span class="staff-name" id={`staff-name-${s.uuid}`}>
                  {s.name}
                </span>
                <span class="staff-about" id={`staff-about-${s.uuid}`}>
                  {s.role && (
                    <Chip tone="accent" class="staff-role">
                      {s.role}
                    </Chip>
                  )}
                  {s.email && <span class="staff-email">{s.email}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p id="staff-count" class="hint" role="status">
        {shown.length === 0
          ? 'No one matches. Check the spelling, or try your e-mail.'
          : shown.length === staff.length
            ? ''
            : `${shown.length} of ${staff.length} people`}
      </p>
      <div>
        <button type="submit" class="btn-primary" disabled={busy || pick === null}>
          This is me
        </button>
      </div>
    </form>
  );
}
