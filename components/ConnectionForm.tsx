import { useState } from 'preact/hooks';
import type { Connection, ConnectionField } from '@/lib/settings/schemas';

export interface ConnectionFormProps {
  value: Connection;
  /** Fields an administrator set by policy: shown, not editable. */
  managed: readonly ConnectionField[];
  busy: boolean;
  onSave: (value: Connection) => void;
}

const FIELDS: ReadonlyArray<{ field: ConnectionField; id: string; label: string; hint: string }> = [
  { field: 'restUrl', id: 'rest-url', label: 'Platform REST API', hint: 'Where Fieldside reads and writes jobs.' },
  { field: 'authUrl', id: 'auth-url', label: 'Platform sign-in', hint: 'Where you sign in with the platform.' },
  { field: 'webUrl', id: 'web-url', label: 'Platform web app', hint: 'The web app where job badges appear.' },
  {
    field: 'jobLinkPath',
    id: 'job-link-path',
    label: 'Job link in the web app',
    hint: 'With {uuid} where the job goes; empty links to the web app.',
  },
  {
    field: 'companionUrl',
    id: 'companion-url',
    label: 'Fieldside companion',
    hint: 'Your organisation’s Fieldside server.',
  },
];

/** Where Fieldside connects. Tucked under "Advanced": the build's defaults are right for nearly
 * everyone. Changing a host signs out (tokens belong to one platform). */
export function ConnectionForm({ value, managed, busy, onSave }: ConnectionFormProps) {
  const [draft, setDraft] = useState<Record<ConnectionField, string>>({
    restUrl: value.restUrl,
    authUrl: value.authUrl,
    webUrl: value.webUrl,
    jobLinkPath: value.jobLinkPath ?? '',
    companionUrl: value.companionUrl,
  });
  const anyManaged = managed.length > 0;
  return (
    <details id="connection" class="advanced card disclosure">
      <summary>Advanced: where Fieldside connects</summary>
      <form
        aria-label="Connection"
        class="connection-form"
        onSubmit={(e) => {
          e.preventDefault();
          const path = draft.jobLinkPath.trim();
          onSave({
            restUrl: draft.restUrl.trim(),
            authUrl: draft.authUrl.trim(),
            webUrl: draft.webUrl.trim(),
            jobLinkPath: path === '' ? null : path,
            companionUrl: draft.companionUrl.trim(),
          });
        }}
      >
        <p class="hint">The defaults are right for nearly everyone. Changing a host signs you out.</p>
        {anyManaged && (
          <p class="managed-note" id="connection-managed">
            Some of these are set by your administrator.
          </p>
        )}
        {FIELDS.map(({ field, id, label, hint }) => (
          <div class="field" key={field}>
            <label for={id}>{label}</label>
            <input
              id={id}
              type="text"
              inputMode="url"
              spellcheck={false}
              required={field !== 'jobLinkPath'}
              value={draft[field]}
              disabled={managed.includes(field)}
              aria-describedby={`${id}-hint`}
              onInput={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
            />
            <span class="hint" id={`${id}-hint`}>
              {managed.includes(field) ? 'Set by your administrator.' : hint}
            </span>
          </div>
        ))}
        <div>
          <button type="submit" disabled={busy}>
            Save connection
          </button>
        </div>
      </form>
    </details>
  );
}

/** What the connection form of a page reads and does: the page's session model (lib/account/session-page-model.ts). */
export interface ConnectionModel {
  busy: { readonly value: boolean };
  saveConnection(connection: Connection): Promise<unknown>;
}

/** The form for the connection the background reports (`view`), made afresh when that connection changes. */
export function PageConnectionForm({
  view,
  model,
}: {
  view: { connection: Connection; connectionManaged: readonly ConnectionField[] };
  model: ConnectionModel;
}) {
  return (
    <ConnectionForm
      key={JSON.stringify(view.connection)}
      value={view.connection}
      managed={view.connectionManaged}
      busy={model.busy.value}
      onSave={(c) => void model.saveConnection(c)}
    />
  );
}
