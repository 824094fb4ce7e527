import { JobBadge } from '@/components/content/JobBadge';
import { QuickNotePanel } from '@/components/content/QuickNotePanel';
import type { BadgeTarget } from '@/lib/page-badges/scan';
import type { ContentModel } from './model';

// One badge host's content: connects the pure components to the page's model.

export function BadgeView({ model, target, hostId }: { model: ContentModel; target: BadgeTarget; hostId: string }) {
  const job =
    target.uuid !== null ? model.byUuid.value.get(target.uuid) : model.byNumber.value.get(target.number ?? '');
  // Unknown to the cache (not synced yet, not visible to this person, signed out): no badge.
  if (!job) return null;
  const panel = model.panel.value;
  const open = panel !== null && panel.hostId === hostId;
  const panelId = `${hostId}-panel`;
  let button: HTMLButtonElement | null = null;
  return (
    <>
      <JobBadge
        job={job}
        expanded={open}
        panelId={panelId}
        buttonRef={(el) => (button = el)}
        onToggle={() => (open ? model.close() : model.open(hostId, job.uuid))}
      />
      {open ? (
        <QuickNotePanel
          id={panelId}
          job={job}
          notes={panel.notes}
          notesRead={panel.notesRead}
          timeZone={panel.timeZone}
          customer={panel.customer}
          canAddNote={panel.canAddNote}
          saving={panel.saving}
          error={panel.error}
          anchor={() => button}
          onAdd={(text) => model.addNote(text)}
          onClose={() => {
            model.close();
            button?.focus();
          }}
        />
      ) : null}
    </>
  );
}
