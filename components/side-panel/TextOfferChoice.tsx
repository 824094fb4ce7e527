import type { TextOfferView } from '@/lib/messaging/job-views';
import { AllowNotice } from './AllowNotice';

export interface TextChoice {
  send: boolean;
  message: string;
}

export interface TextOfferChoiceProps {
  offer: TextOfferView;
  choice: TextChoice;
  onChange: (choice: TextChoice) => void;
  onGrant: () => void;
  onDecline: () => void;
}

/** Before "On my way": text the customer too? The words shown and editable, and that the business pays for each
 * text. Where the connection may not text yet, the same offer asks for it first (or "No thanks" for good). */
export function TextOfferChoice({ offer, choice, onChange, onGrant, onDecline }: TextOfferChoiceProps) {
  if (!offer.allowed)
    return (
      <AllowNotice
        feature="texts"
        id="texts-allow"
        onGrant={onGrant}
        more={
          <button type="button" class="btn-sm" id="texts-decline" onClick={onDecline}>
            No thanks
          </button>
        }
      />
    );
  return (
    <div class="text-offer">
      <label class="check">
        <input
          type="checkbox"
          id="text-customer"
          checked={choice.send}
          onChange={(e) => onChange({ ...choice, send: e.currentTarget.checked })}
        />
        <span>
          Text {offer.name} ({offer.number}) that you’re on your way
        </span>
      </label>
      <p class="hint" id="text-charge">
        The platform charges the business for each text.
      </p>
      {choice.send && (
        <div class="field">
          <label for="text-message">Your text</label>
          <textarea
            id="text-message"
            rows={3}
            maxLength={1600}
            value={choice.message}
            onInput={(e) => onChange({ ...choice, message: e.currentTarget.value })}
          />
          <p class="hint">
            Sent once, after “On my way”. With no signal it goes when you are back online, within the hour.
          </p>
        </div>
      )}
    </div>
  );
}
