import { useEffect, useRef, useState } from 'preact/hooks';

export interface StaffOption {
  uuid: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

export interface StaffPickerProps {
  /** Unique per page: the picker's ids derive from it. */
  id: string;
  label: string;
  action: string;
  staff: StaffOption[];
  selected: string | null;
  busy: boolean;
  onChoose: (uuid: string) => void;
}

/** A labelled select of staff members (names rendered as text) with one action button. */
export function StaffPicker({ id, label, action, staff, selected, busy, onChoose }: StaffPickerProps) {
  const [value, setValue] = useState(selected ?? staff[0]?.uuid ?? '');
  // Follow a new `selected` from outside (not on mount: effects run after the first paint, and
  // the person may already have picked), but never undo their pick when the list is merely
  // reloaded; only a pick that left the list falls back.
  const followed = useRef(selected);
  useEffect(() => {
    if (followed.current === selected) return;
    followed.current = selected;
    setValue(selected ?? staff[0]?.uuid ?? '');
  }, [selected]);
  useEffect(() => {
    if (!staff.some((s) => s.uuid === value)) setValue(selected ?? staff[0]?.uuid ?? '');
  }, [staff]);
  return (
    <form
      class="field"
      onSubmit={(e) => {
        e.preventDefault();
        if (value) onChoose(value);
      }}
    >
      <label for={id}>{label}</label>
      <div class="inline-field">
        <select id={id} value={value} onChange={(e) => setValue(e.currentTarget.value)}>
          {staff.map((s) => (
            <option key={s.uuid} value={s.uuid}>
              {s.email ? `${s.name} (${s.email})` : s.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy || !value}>
          {action}
        </button>
      </div>
    </form>
  );
}
