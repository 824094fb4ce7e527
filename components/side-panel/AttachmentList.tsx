import { useEffect, useRef, useState } from 'preact/hooks';
import type { AttachmentView } from '@/lib/messaging/job-views';
import { ago } from '@/lib/locale/words';
import { PlusIcon } from '../icons/plus';
import { AllowNotice } from './AllowNotice';
import { OutboxChip, OutboxProblem } from './OutboxState';

export interface AttachmentListProps {
  attachments: AttachmentView[] | null;
  allowed: boolean;
  timeZone: string | null;
  /** How much of a file on its way has gone out, by its uuid. */
  progress: ReadonlyMap<string, { sent: number; total: number }>;
  /** What happened to the files just added (kept, too large), said beside the button. */
  status: string | null;
  /** Where the phone's camera is offered for choosing (the job card on a phone). */
  camera?: boolean;
  onAdd: (files: File[]) => void;
  onGrant: () => void;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
}

/** A job's photos and files, with a way to add more: choose, paste anywhere on the page, or drop here. */
export function AttachmentList(props: AttachmentListProps) {
  const { attachments, allowed, progress, onAdd } = props;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!allowed) return;
    // A pasted screenshot or photo (not pasted text: that goes where the person is typing).
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      onAdd(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [allowed, onAdd]);
  const now = Date.now();
  return (
    <section
      aria-labelledby="files-title"
      class={`job-section files${over ? ' files-over' : ''}`}
      id="files"
      onDragOver={(e) => {
        if (!allowed || !e.dataTransfer?.types.includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const files = [...(e.dataTransfer?.files ?? [])];
        if (!allowed || files.length === 0) return;
        e.preventDefault();
        onAdd(files);
      }}
    >
      <h3 id="files-title" class="eyebrow">
        Photos and files
      </h3>
      {!allowed ? (
        <AllowNotice feature="photos" id="files-allow" onGrant={props.onGrant} />
      ) : (
        <div class="files-add">
          <input
            ref={input}
            id="file-input"
            type="file"
            multiple
            class="visually-hidden"
            aria-describedby="files-hint"
            {...(props.camera ? { accept: 'image/*', capture: 'environment' } : {})}
            onChange={(e) => {
              const el = e.currentTarget as HTMLInputElement;
              const files = [...(el.files ?? [])];
              el.value = '';
              if (files.length) onAdd(files);
            }}
          />
          <label for="file-input" class="btn">
            <PlusIcon />
            {props.camera ? 'Take or add a photo' : 'Add a photo or file'}
          </label>
          <span class="hint" id="files-hint">
            Or paste or drop it here. Kept on this device until it is sent.
          </span>
          <p id="files-status" role="status" class="quiet-when-empty">
            {props.status}
          </p>
        </div>
      )}
      {attachments && attachments.length === 0 && (
        <p class="muted" id="files-empty">
          No photos or files yet.
        </p>
      )}
      {attachments && attachments.length > 0 && (
        <ul class="file-list list-plain" aria-label="Photos and files, newest first">
          {attachments.map((a) => {
            const sent = progress.get(a.uuid);
            return (
              <li key={a.uuid} class={`file card file-${a.state}`} data-uuid={a.uuid} data-state={a.state}>
                <span class="file-name">{a.name}</span>
                <span class="file-meta">
                  {a.state === 'sent' && (
                    <span>
                      {a.addedAt && ago(a.addedAt, props.timeZone, now)}
                      {a.addedAt && a.author ? ' · ' : ''}
                      {a.author}
                    </span>
                  )}
                  <OutboxChip
                    state={a.state}
                    waiting={
                      sent && sent.total > 0
                        ? `Sending — ${Math.floor((100 * sent.sent) / sent.total)}%`
                        : 'Waiting to be sent'
                    }
                  />
                </span>
                {a.state === 'pending' && sent && sent.total > 0 && (
                  <progress class="file-progress" max={sent.total} value={sent.sent} aria-label={`${a.name} sent`} />
                )}
                {a.problem && <OutboxProblem problem={a.problem} onRetry={props.onRetry} onDiscard={props.onDiscard} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
