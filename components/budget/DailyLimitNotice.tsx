import { Notice } from '../design/Notice';
import { AlertIcon } from '../icons/alert';
import { dailyLimitWords } from './budget-words';

/** Said on every surface while the platform's daily limit for the account is reached, and until when. */
export function DailyLimitNotice({ until, locale }: { until: number | null | undefined; locale?: string }) {
  if (until === null || until === undefined) return null;
  const words = dailyLimitWords(until, locale);
  return (
    <Notice tone="warning" role="status" icon={<AlertIcon size={16} />} class="daily-limit">
      <p>
        <strong>{words.title}</strong> {words.detail}
      </p>
    </Notice>
  );
}
