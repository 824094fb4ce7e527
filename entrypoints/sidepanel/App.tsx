import { DayList } from '@/components/field/DayList';
import { JobDetailView } from '@/components/field/JobDetailView';
import type { SidepanelModel } from './model';

export function App({ model }: { model: SidepanelModel }) {
  const session = model.session.value;
  const detail = model.detail.value;
  const signedIn = session?.state === 'signed_in';
  return (
    <>
      <header>
        <h1>Fieldside</h1>
      </header>
      <main id="sidepanel" data-signed-in={signedIn ? 'true' : 'false'}>
        {model.error.value && <p role="alert" id="error">{model.error.value}</p>}
        {model.message.value && <p role="status" id="message">{model.message.value}</p>}
        {!session && <p role="status">Loading…</p>}
        {session && !signedIn && <p id="signed-out">Sign in from Fieldside's settings to see your day.</p>}
        {signedIn && model.jobUuid.value === null && !model.hasMyDay() && (
          <p>
            Fieldside needs permission to read your schedule.{' '}
            <button type="button" onClick={() => void model.grant('myDay')}>Allow reading my day</button>
          </p>
        )}
        {signedIn && model.jobUuid.value === null && model.hasMyDay() && !model.hasWholeDay() && (
          <p id="day-more">
            Some details of your day, such as whom to call on site, are hidden until you allow Fieldside to read them.{' '}
            <button type="button" onClick={() => void model.grant('myDay')}>Show all of my day</button>
          </p>
        )}
        {signedIn && model.jobUuid.value === null && model.hasMyDay() && (
          <DayList
            day={model.day.value}
            isToday={model.isToday()}
            loading={model.dayLoading.value}
            onPrev={() => model.step(-1)}
            onNext={() => model.step(1)}
            onToday={() => model.setDate(null)}
            onDate={(d) => model.setDate(d)}
            onOpen={(uuid) => void model.openJob(uuid)}
          />
        )}
        {signedIn && model.jobUuid.value !== null && !detail && (
          <p role="status">
            {model.error.value ? 'The job could not be shown.' : 'Loading the job…'}{' '}
            <button type="button" class="back" onClick={() => model.back()}>Back to my day</button>
          </p>
        )}
        {signedIn && detail && (
          <JobDetailView
            detail={detail}
            onBack={() => model.back()}
            onAddNote={(text) => model.addNote(text)}
            onToggleBadge={(b, on) => void model.toggleBadge(b, on)}
            onRetry={(seq) => void model.retry(seq)}
            onDiscard={(seq) => void model.discard(seq)}
            onGrant={(f) => void model.grant(f)}
          />
        )}
      </main>
    </>
  );
}
