import { Chip } from './design/Chip';
import { CheckIcon } from './icons/check';
import { FEATURE_WORDS, type PromptedFeature } from './feature-words';

export interface FeatureAccessProps {
  /** Each field-work feature and whether the person's sign-in allows it. */
  features: ReadonlyArray<{ feature: PromptedFeature; allowed: boolean }>;
  /** The scopes granted, for support only (behind the disclosure). */
  scopes: readonly string[];
  busy: boolean;
  onAllow: (feature: PromptedFeature) => void;
}

/** "What Fieldside may do": each feature in words, allowed or with the button that asks for it; the
 * platform's names for the permissions only behind "Details for support". */
export function FeatureAccess({ features, scopes, busy, onAllow }: FeatureAccessProps) {
  return (
    <div class="feature-access">
      <ul class="feature-list list-plain">
        {features.map(({ feature, allowed }) => (
          <li key={feature} class="feature-row" data-feature={feature} data-allowed={allowed ? 'true' : 'false'}>
            <span class="feature-what">{FEATURE_WORDS[feature].what}</span>
            {allowed ? (
              <Chip tone="success" class="feature-allowed">
                <CheckIcon size={12} />
                Allowed
              </Chip>
            ) : (
              <button type="button" class="btn-sm" disabled={busy} onClick={() => onAllow(feature)}>
                {FEATURE_WORDS[feature].allow}
              </button>
            )}
          </li>
        ))}
      </ul>
      {scopes.length > 0 && (
        <details class="disclosure">
          <summary id="scopes-heading">Details for support</summary>
          <p class="hint">What the platform allows Fieldside, by its own names:</p>
          <ul aria-labelledby="scopes-heading" id="scopes" class="scopes list-plain">
            {scopes.map((s) => (
              <li key={s}>
                <code>{s}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
