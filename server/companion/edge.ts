import { createCompanionApp, type CompanionApp } from './app';
import { loadConfig } from './config';
import { chooseEdgeStores } from './edge-stores';

// An entry for edge and serverless runtimes that call `fetch(request, env)` (Workers-style modules): the same
// app as on Node, built once per isolate from the runtime's environment bindings. Outside development PUBLIC_URL
// is required (config.ts): the Return URL and the webhook callback URLs, with their secret tokens, must never
// follow whatever Host the first request names. In development the first request's origin stands in for it.
// What instances share lives in Redis over HTTP (edge-stores.ts): an isolate can make fetches but not open Redis's
// TCP connection, and its memory is its own. Built by `npm run companion:build:edge` (build-edge.ts).

/** One edge entry: the app is built on its first request and kept for the isolate's life. */
export function createEdgeEntry() {
  let companion: Promise<CompanionApp> | undefined;
  return {
    async fetch(request: Request, env: Record<string, string | undefined>): Promise<Response> {
      try {
        companion ??= (async () => {
          const config = loadConfig(env, { listeningUrl: new URL(request.url).origin });
          return createCompanionApp(config, chooseEdgeStores(env, config), { holdChanges: false });
        })();
        return (await companion).app.fetch(request);
      } catch (error) {
        // Configuration errors name variables, never values, so they may be logged; other start-up errors (a
        // store that cannot be reached) could quote a connection string, so only their kind is.
        const message =
          error instanceof Error && error.message.startsWith('Companion configuration')
            ? error.message
            : 'start-up failed';
        console.error(JSON.stringify({ level: 'error', error: message }));
        companion = undefined;
        return Response.json(
          { error: 'misconfigured', message: 'The companion is not configured correctly' },
          { status: 500 },
        );
      }
    },
  };
}

export default createEdgeEntry();
