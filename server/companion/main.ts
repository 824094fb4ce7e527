import { startCompanion } from './start';
import { createStdoutLog } from './stdout-log';

// `npm run companion` (through tsx) and `npm run companion:start` (the build, `node dist/companion.mjs`): the
// companion on Node, configured by the environment (see config.ts). Logs are JSON lines on standard output (the
// first, `{"event":"listening","url":…}`, says where it is), written without blocking (stdout-log.ts); SIGTERM or
// SIGINT stops it gracefully (start.ts).

const { log, flush } = createStdoutLog();
try {
  const companion = await startCompanion(process.env, { log });
  const stop = (signal: NodeJS.Signals): void => {
    log({ level: 'info', event: 'stopping', signal });
    companion.close().then(
      () => {
        log({ level: 'info', event: 'stopped' });
        process.exit(0);
      },
      (error: unknown) => {
        log({ level: 'error', event: 'stop_failed', error: error instanceof Error ? error.name : 'unknown' });
        process.exit(1);
      },
    );
  };
  // Once each: a second Ctrl-C or SIGTERM during the stop ends the process at once, as people expect.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Only now: whoever waits for this line may stop the companion at once.
  log({ level: 'info', event: 'listening', url: companion.url });
  flush();
} catch (error) {
  // Configuration errors name the variables, never their values, so they are told whole. Any other start-up
  // failure (a store that cannot be reached) could quote a connection string: only its kind and code are.
  const configuration = error instanceof Error && error.message.startsWith('Companion configuration');
  const code = (error as { code?: unknown } | null)?.code;
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      event: 'start_failed',
      message: configuration ? (error as Error).message : 'The companion failed to start',
      ...(configuration
        ? {}
        : { error: error instanceof Error ? error.name : 'unknown', ...(typeof code === 'string' ? { code } : {}) }),
    }),
  );
  process.exit(1);
}
