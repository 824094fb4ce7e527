import { useState } from 'preact/hooks';
import { Notice } from './design/Notice';
import { AlertIcon } from './icons/alert';

export interface ApiKeyFormProps {
  busy: boolean;
  onSubmit: (apiKey: string) => void;
}

/** API-key mode (a private application): says plainly that views are not limited to a staff member. */
export function ApiKeyForm({ busy, onSubmit }: ApiKeyFormProps) {
  const [key, setKey] = useState('');
  return (
    <form
      aria-labelledby="api-key-heading"
      class="api-key-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (key.trim()) onSubmit(key.trim());
        setKey('');
      }}
    >
      <h3 id="api-key-heading">Use an API key instead</h3>
      <Notice id="api-key-warning" role="note" tone="warning" icon={<AlertIcon />}>
        With an API key, Fieldside sees the whole account: views are not limited to a staff member, and everyone using
        this browser sees every job. Use it only for a private application you control.
      </Notice>
      <div class="field">
        <label for="api-key">API key</label>
        <div class="inline-field">
          <input
            id="api-key"
            type="password"
            autocomplete="off"
            aria-describedby="api-key-warning"
            value={key}
            onInput={(e) => setKey(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy || !key.trim()}>
            Use API key
          </button>
        </div>
      </div>
    </form>
  );
}
