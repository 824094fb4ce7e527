import { render } from 'preact';
import './page-styles.css';
import { createQuickSearchModel } from '@/lib/quick-search/search-model';
import { signal } from '@preact/signals';
import { earlyHandoff, earlyPainted, pageParsed, replayKeys, type DrawnEarly } from '@/components/search/early-screen';
import { markAppFirstResults } from '@/components/search/first-row-mark';
import { App, type LoadedSetup } from './App';

performance.mark('fieldside:boot'); // the script is loaded and evaluated: what precedes is page load
const handoff = earlyHandoff();
handoff.appStarted = true; // an early script that runs after this draws nothing
const model = createQuickSearchModel();
const setup = signal<LoadedSetup | null>(null);
let stopSetup = () => {};
// The model starts once the early script's rows are painted (or it had none to draw): its first reads are the early
// script's, answered by then, and what follows them (the kept rows set, the cache opened, the search's code fetched
// and compiled) ran, when these modules loaded while the early rows waited for their frame, before that frame: once
// in Chromium's bench the rows drawn at 90 ms were painted at 111. With nothing drawn it waits for the same reads.
const started = earlyPainted(handoff)
  .then(() => model.start())
  .catch((error) => console.warn('Fieldside: quick search start', error));
// The early script may be drawing the kept rows (its reads are the model's too, so waiting for it costs the App
// nothing): then the App's first render waits for its own rows (the same ones) and takes the drawn nodes over, after
// they are painted; otherwise it renders at once.
// The early script puts this module into the page once its rows are painted or it found none to draw
// (components/search/held-modules.ts); the page is parsed by then, but a page built without holding it may not be.
void Promise.all([handoff.drawn, pageParsed()]).then(([early]) => {
  const root = document.getElementById('app')!;
  // Taken over once the rows are set, or once the model's start has ended without them (a storage read that failed):
  // the drawn rows are never left without the App behind them.
  if (early) void Promise.race([model.firstResults, started]).then(() => takeOver(early));
  else render(<App model={model} setup={setup} />, root);
});
void model.firstResults.then(() => performance.mark('fieldside:rows-set'));
void markAppFirstResults(document, model.firstResults, handoff.drawn, () => {
  // Setting up (the prompts before there is anything to search, the reminder under the search) loads once
  // the first rows (or the empty state) are painted: its code and its storage reads never run before them.
  void import('./setup-views').then((views) => {
    const state = views.createPopupSetup(model);
    stopSetup = state.start();
    setup.value = { views, setup: state };
  });
});
addEventListener('pagehide', () => {
  model.stop();
  stopSetup();
});

/** The App over the early rows: what was typed in the box searched, the keys pressed since acted on, in order. */
function takeOver(drawn: DrawnEarly): void {
  const keys = drawn.release();
  const typed = drawn.input.value;
  if (typed) void model.setQuery(typed);
  render(<App model={model} setup={setup} />, document.getElementById('app')!);
  performance.mark('fieldside:app-took-over');
  const input = document.getElementById('job-search');
  if (input instanceof HTMLInputElement && keys.length > 0) void replayKeys(input, keys);
}
