import { render } from 'preact';
import './page-styles.css';
import { createQuickSearchModel } from '@/lib/quick-search/search-model';
import { signal } from '@preact/signals';
import { App, type LoadedSetup } from './App';

performance.mark('fieldside:boot'); // the script is loaded and evaluated: what precedes is page load
const model = createQuickSearchModel();
// Setting up (the prompts before there is anything to search, the reminder under the search) loads
// beside the search, not before it: an opening with everything set up paints its rows without it.
const setup = signal<LoadedSetup | null>(null);
let stopSetup = () => {};
void import('./setup-views').then((views) => {
  const state = views.createPopupSetup(model);
  stopSetup = state.start();
  setup.value = { views, setup: state };
});
render(<App model={model} setup={setup} />, document.getElementById('app')!);
void model.start();
// "Popup open to first results" (issue 5): measured from navigation start to the first rows painted.
void model.firstResults.then(() => {
  performance.mark('fieldside:rows-set');
  requestAnimationFrame(() => {
    const mark = performance.mark('fieldside:first-results');
    document.body.dataset.firstResultsMs = String(Math.round(mark.startTime));
  });
});
addEventListener('pagehide', () => {
  model.stop();
  stopSetup();
});
