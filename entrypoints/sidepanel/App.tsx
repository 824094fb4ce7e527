import type { ComponentChildren } from 'preact';
import { DailyLimitNotice } from '@/components/budget/DailyLimitNotice';
import { DayList } from '@/components/side-panel/DayList';
import { JobDetailView } from '@/components/side-panel/JobDetailView';
import { WorkNoticesForm } from '@/components/side-panel/WorkNoticesForm';
import { BrandMark } from '@/components/design/Brand';
import { EmptyState } from '@/components/design/EmptyState';
import { Loading } from '@/components/design/Loading';
import { Notice } from '@/components/design/Notice';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { ArrowLeftIcon } from '@/components/icons/arrow-left';
import { CalendarIcon } from '@/components/icons/calendar';
import { InfoIcon } from '@/components/icons/info';
import { SignInIcon } from '@/components/icons/sign-in';
import { UserIcon } from '@/components/icons/user';
import { FEATURE_WORDS } from '@/components/feature-words';
import { openFirstRunPage as openFirstRun } from '@/lib/onboarding/first-run';
import type { SidepanelModel } from './model';

/** The whole panel's ask when the day cannot show yet: why, and the one button that fixes it. */
function PanelPrompt(props: {
  id: string;
  icon: ComponentChildren;
  title: string;
  button: string;
  onPress: () => void;
  children: ComponentChildren;
}) {
  return (
    <EmptyState
      id={props.id}
      heading
      icon={props.icon}
      title={props.title}
      action={
        <button type="button" class="btn-primary" onClick={props.onPress}>
          {props.button}
        </button>
      }
    >
      {props.children}
    </EmptyState>
  );
}

export function App({ model }: { model: SidepanelModel }) {
  const session = model.session.value;
  const detail = model.detail.value;
  // Signed in with OAuth but "who are you" not answered: nothing is anyone's yet.
  const choosing = session?.state === 'signed_in' && session.mode === 'oauth' && session.me === null;
  const signedIn = session?.state === 'signed_in' && !choosing;
  const onDay = signedIn && model.jobUuid.value === null;
  return (
    <>
      <header class="panel-head">
        <BrandMark />
        <h1>Fieldside</h1>
      </header>
      <main id="sidepanel" data-signed-in={signedIn ? 'true' : 'false'}>
        <DailyLimitNotice until={model.dailyLimitUntil.value} />
        {model.error.value && <ProblemNotice id="error" problem={model.error.value} />}
        {/* Asked from the day (no job open): said at the top, where the day's "Allow …" is. */}
        {!model.error.value && model.grantProblem.value && model.jobUuid.value === null && (
          <ProblemNotice id="grant-problem" problem={model.grantProblem.value.problem} />
        )}
        {!session && <Loading>Loading…</Loading>}
        {session && session.state !== 'signed_in' && (
          <PanelPrompt
            id="signed-out"
            icon={<SignInIcon size={20} />}
            title="Sign in to see your day"
            button="Sign in"
            onPress={() => void openFirstRun()}
          >
            Connect Fieldside to your job‑management account to see your visits, whom to call and each job’s notes here.
          </PanelPrompt>
        )}
        {choosing && (
          <PanelPrompt
            id="choose-staff"
            icon={<UserIcon size={20} />}
            title="Tell Fieldside who you are"
            button="Choose yourself"
            onPress={() => void openFirstRun()}
          >
            Choose yourself from your account’s staff, so Fieldside shows your day and only what you may see.
          </PanelPrompt>
        )}
        {onDay && !model.hasMyDay() && (
          <PanelPrompt
            id="day-allow"
            icon={<CalendarIcon size={20} />}
            title="Your day, beside your jobs"
            button={FEATURE_WORDS.myDay.allow}
            onPress={() => void model.grant('myDay')}
          >
            {FEATURE_WORDS.myDay.lacking}
          </PanelPrompt>
        )}
        {onDay && model.hasMyDay() && !model.hasWholeDay() && (
          <Notice
            tone="info"
            id="day-more"
            icon={<InfoIcon />}
            actions={
              <button type="button" class="btn-sm" onClick={() => void model.grant('myDay')}>
                Show all of my day
              </button>
            }
          >
            Some details of your day, such as whom to call on site, are hidden until you allow Fieldside to read them.
          </Notice>
        )}
        {onDay && model.hasMyDay() && (
          <DayList
            day={model.day.value}
            isToday={model.isToday()}
            today={model.today.value}
            loading={model.dayLoading.value}
            onPrev={() => model.step(-1)}
            onNext={() => model.step(1)}
            onToday={() => model.setDate(null)}
            onDate={(d) => model.setDate(d)}
            onOpen={(uuid) => void model.openJob(uuid)}
          />
        )}
        {onDay && model.hasMyDay() && session?.mode === 'oauth' && (
          <WorkNoticesForm value={model.workNotices.value} onChange={(next) => void model.setWorkNotices(next)} />
        )}
        {signedIn && model.jobUuid.value !== null && !detail && (
          <div class="job-waiting">
            <button type="button" class="back btn-ghost btn-sm" onClick={() => model.back()}>
              <ArrowLeftIcon />
              Back to my day
            </button>
            {model.error.value ? <p role="status">The job could not be shown.</p> : <Loading>Loading the job…</Loading>}
          </div>
        )}
        {signedIn && detail && (
          <JobDetailView
            detail={detail}
            noteStatus={model.noteStatus.value}
            onBack={() => model.back()}
            onAddNote={(text) => model.addNote(text)}
            onToggleBadge={(b, on) => void model.toggleBadge(b, on)}
            onRetry={(seq) => void model.retry(seq)}
            onDiscard={(seq) => void model.discard(seq)}
            onGrant={(f) => void model.grant(f)}
            onAct={(a, text) => void model.act(a, text)}
            onDeclineTexts={() => void model.declineTexts()}
            onAddFiles={(files) => void model.addFiles(files)}
            progress={model.progress.value}
            fileStatus={model.fileStatus.value}
          />
        )}
      </main>
    </>
  );
}
