import { useRef } from 'preact/hooks';
import { JobBadge } from '@/components/page-badges/JobBadge';
import type { BadgeTarget } from '@/lib/page-badges/scan';
import type { ContentModel } from './model';
import { PanelFrame, PanelProblem } from './panel-frame';

// One badge host's content: connects the pure badge to the page's model, and opens the quick-note
// panel's frame beside it. Every host shows a badge, known job or not (its box is fixed: scan.ts).

export function BadgeView({ model, target, hostId }: { model: ContentModel; target: BadgeTarget; hostId: string }) {
  const state = model.badgeOf(target.number ?? '');
  const panel = model.panel.value;
  const open = panel !== null && panel.hostId === hostId;
  const panelId = `${hostId}-panel`;
  const button = useRef<HTMLButtonElement | null>(null);
  const anchor = () => button.current;
  const close = () => {
    model.close();
    button.current?.focus();
  };
  return (
    <>
      <JobBadge
        state={state}
        expanded={open}
        panelId={panelId}
        buttonRef={(el) => (button.current = el)}
        onToggle={() => (open ? close() : state.kind === 'job' && void model.open(hostId, state.job))}
      />
      {!open ? null : panel.problem !== null ? (
        <PanelProblem id={panelId} problem={panel.problem} anchor={anchor} onClose={close} />
      ) : panel.ticket !== null ? (
        <PanelFrame
          key={panel.ticket}
          id={panelId}
          jobNumber={panel.job.number}
          ticket={panel.ticket}
          reads={panel.reads}
          anchor={anchor}
          onClose={close}
          onProblem={(words) => model.panelProblem(words)}
        />
      ) : null}
    </>
  );
}
