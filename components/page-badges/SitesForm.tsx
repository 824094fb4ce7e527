import { useState } from 'preact/hooks';
import { ProblemNotice } from '../design/ProblemNotice';
import type { Problem } from '../design/problem-words';
import { GlobeIcon } from '../icons/globe';
import { PlusIcon } from '../icons/plus';

// The options' "Sites" section: other sites (webmail, a CRM) where Fieldside puts a job badge beside
// text like "Job #1234". Adding one asks the browser for access to that site at that moment.

export interface SitesFormProps {
  /** Host names shown, with the pattern each stands for. */
  sites: ReadonlyArray<{ pattern: string; label: string }>;
  busy: boolean;
  error: Problem | null;
  status: string | null;
  /** Called synchronously from the submit (the permission prompt needs the click's user gesture). */
  onAdd: (address: string) => void;
  onRemove: (pattern: string) => void;
}

export function SitesForm({ sites, busy, error, status, onAdd, onRemove }: SitesFormProps) {
  const [address, setAddress] = useState('');
  return (
    <div class="sites">
      <p id="sites-help" class="section-intro">
        Fieldside can show a job badge beside text like "Job #1234" on other sites you use, for example your webmail.
        Your browser asks you to allow each site.
      </p>
      <form
        class="field"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd(address);
          setAddress('');
        }}
      >
        <label for="site-address">Site address</label>
        <div class="inline-field">
          <input
            id="site-address"
            type="text"
            inputMode="url"
            placeholder="mail.example.com"
            aria-describedby="sites-help"
            value={address}
            onInput={(e) => setAddress(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy || address.trim() === ''}>
            <PlusIcon size={14} />
            Add site
          </button>
        </div>
      </form>
      {error ? <ProblemNotice class="sites-error" problem={error} /> : null}
      {status ? (
        <p role="status" class="sites-status">
          {status}
        </p>
      ) : null}
      {sites.length === 0 ? (
        <p class="muted sites-none">No sites added.</p>
      ) : (
        <ul aria-label="Sites with job badges" class="site-list list-plain">
          {sites.map((site) => (
            <li key={site.pattern}>
              <GlobeIcon size={14} />
              <span class="site-name">{site.label}</span>
              <button
                type="button"
                class="btn-sm btn-ghost btn-danger"
                disabled={busy}
                aria-label={`Remove ${site.label}`}
                onClick={() => onRemove(site.pattern)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
