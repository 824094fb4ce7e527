import { useState } from 'preact/hooks';

export interface ConnectionValue {
  platformUrl: string;
  companionUrl: string;
}

export interface ConnectionFormProps {
  value: ConnectionValue;
  busy: boolean;
  onSave: (value: ConnectionValue) => void;
}

/** Platform and companion URLs. Changing either signs out (tokens belong to one platform). */
export function ConnectionForm({ value, busy, onSave }: ConnectionFormProps) {
  const [platformUrl, setPlatformUrl] = useState(value.platformUrl);
  const [companionUrl, setCompanionUrl] = useState(value.companionUrl);
  return (
    <form
      aria-labelledby="connection-heading"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ platformUrl: platformUrl.trim(), companionUrl: companionUrl.trim() });
      }}
    >
      <h2 id="connection-heading">Connection</h2>
      <p>
        <label for="platform-url">Platform URL</label>
        <input id="platform-url" type="url" required value={platformUrl} onInput={(e) => setPlatformUrl(e.currentTarget.value)} />
      </p>
      <p>
        <label for="companion-url">Companion URL</label>
        <input id="companion-url" type="url" required value={companionUrl} onInput={(e) => setCompanionUrl(e.currentTarget.value)} />
      </p>
      <button type="submit" disabled={busy}>
        Save connection
      </button>
    </form>
  );
}
