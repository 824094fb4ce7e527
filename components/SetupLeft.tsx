import type { SetupStep } from '@/lib/onboarding/setup-left';
import { Notice } from './design/Notice';
import { InfoIcon } from './icons/info';
import { SETUP_STEP_WORDS } from './setup-words';

export interface SetupLeftProps {
  left: readonly SetupStep[];
  /** Opens the first-run page again. */
  onContinue: () => void;
  id?: string;
}

/** What is left of setting Fieldside up, and the way back to the first-run page. */
export function SetupLeft({ left, onContinue, id = 'setup-left' }: SetupLeftProps) {
  if (left.length === 0) return null;
  return (
    <Notice
      tone="info"
      role="note"
      id={id}
      icon={<InfoIcon />}
      actions={
        <button type="button" class="btn-primary btn-sm" onClick={onContinue}>
          Continue setting up
        </button>
      }
    >
      <p class="notice-title">Setting up is not finished. Left to do:</p>
      <ul class="setup-left-steps">
        {left.map((step) => (
          <li key={step} data-step={step}>
            {SETUP_STEP_WORDS[step]}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
