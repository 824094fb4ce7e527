import type { BudgetView } from '@/lib/messaging/views';
import { localTimeOf } from './budget-words';
import { DailyLimitNotice } from './DailyLimitNotice';

/** Past this share of the daily limit the section warns before the limit is reached. */
const NEAR = 0.8;

/** The options page's "Platform requests today", for an administrator: this browser's share of the account's
 * daily allowance, and what happens near and at the limit. */
export function BudgetUse({ budget, nextDayAt, locale }: { budget: BudgetView; nextDayAt: number; locale?: string }) {
  const share = budget.requestsToday / budget.dailyLimit;
  const pct = (share * 100).toLocaleString(locale, { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="budget-heading" class="card section">
      <h2 id="budget-heading">Platform requests today</h2>
      <DailyLimitNotice until={budget.limitedUntil} {...(locale ? { locale } : {})} />
      <p id="budget-use">
        This browser's Fieldside has made {budget.requestsToday.toLocaleString(locale)} requests today, {pct}% of the{' '}
        {budget.dailyLimit.toLocaleString(locale)} the platform allows your whole business a day.
      </p>
      <meter
        id="budget-meter"
        min={0}
        max={budget.dailyLimit}
        low={budget.dailyLimit * NEAR}
        high={budget.dailyLimit * NEAR}
        optimum={0}
        value={budget.requestsToday}
        aria-labelledby="budget-heading"
      />
      {share >= NEAR && !budget.limitedUntil && (
        <p class="hint" role="status">
          This browser alone is close to the business's daily allowance.
        </p>
      )}
      <p class="hint">
        The allowance is shared by everyone in the business who uses Fieldside or another add-on, and the platform also
        allows at most {budget.perMinuteLimit.toLocaleString(locale)} a minute. Fieldside learns of changes from the
        platform's webhooks instead of asking again and again, so a normal day uses a small part of it. If it is ever
        used up, Fieldside keeps showing what it has, keeps the notes and badges you change, and catches up when the
        platform's day starts again at {localTimeOf(nextDayAt, locale)} your time (midnight UTC).
      </p>
    </section>
  );
}
