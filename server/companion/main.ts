import { startCompanion } from './start';

// `npm run companion`: the companion on Node, configured by the environment (see config.ts).
// Prints one line of JSON, `{ "url": … }`, once listening, so scripts and people know where it is.

try {
  const companion = await startCompanion(process.env);
  console.log(JSON.stringify({ url: companion.url }));
  const stop = (): void => {
    companion.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  // Configuration errors name the variables, never their values.
  console.error(error instanceof Error ? error.message : 'The companion failed to start');
  process.exit(1);
}
