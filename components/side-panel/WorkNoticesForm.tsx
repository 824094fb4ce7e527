import type { WorkNotices } from '@/lib/settings/schemas';
import { BellIcon } from '../icons/bell';

export interface WorkNoticesFormProps {
  value: WorkNotices | null;
  onChange: (next: WorkNotices) => void;
}

const HOURS = Array.from({ length: 25 }, (_, h) => h);
/** "7 am", "12 pm", "midnight": an hour as people say it. */
const hourWords = (h: number) =>
  h === 0 || h === 24 ? 'midnight' : h === 12 ? 'noon' : h < 12 ? `${h} am` : `${h - 12} pm`;

/** Being told of work given to you: off until the person turns it on, quiet outside their day's hours. */
export function WorkNoticesForm({ value, onChange }: WorkNoticesFormProps) {
  if (!value) return null;
  return (
    <section class="work-notices card" id="work-notices" aria-labelledby="work-notices-title">
      <h3 id="work-notices-title" class="eyebrow">
        <BellIcon size={14} /> Being told
      </h3>
      <label class="check">
        <input
          type="checkbox"
          id="work-notices-on"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: (e.currentTarget as HTMLInputElement).checked })}
        />
        Tell me when I am given a new job, a visit of mine is moved, made longer or cancelled, or someone adds a note to
        my job
      </label>
      {value.on && (
        <p class="work-notices-hours">
          <label for="work-notices-from">Only between</label>
          <select
            id="work-notices-from"
            value={value.from}
            onChange={(e) => onChange({ ...value, from: Number((e.currentTarget as HTMLSelectElement).value) })}
          >
            {HOURS.slice(0, 24).map((h) => (
              <option key={h} value={h}>
                {hourWords(h)}
              </option>
            ))}
          </select>
          <label for="work-notices-to">and</label>
          <select
            id="work-notices-to"
            value={value.to}
            onChange={(e) => onChange({ ...value, to: Number((e.currentTarget as HTMLSelectElement).value) })}
          >
            {HOURS.slice(1).map((h) => (
              <option key={h} value={h}>
                {hourWords(h)}
              </option>
            ))}
          </select>
        </p>
      )}
    </section>
  );
}
