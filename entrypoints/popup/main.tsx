import { render } from 'preact';
import './page-styles.css';
import { createQuickSearchModel } from '@/lib/quick-search/search-model';
import { signal } from '@preact/signals';
import { App, type LoadedSetup } from './App';

performance.mark('fieldside:boot'); // the script is loaded and evaluated: what precedes is page load
const model = createQuickSearchModel();
const setup = signal<LoadedSetup | null>(null);
let stopSetup = () => {};
render(<App model={model} setup={setup} />, document.getElementById('app')!);
void model.start();
// "Popup open to first results": measured from navigation start to the first rows painted.
void model.firstResults.then(() => {
  performance.mark('fieldside:rows-set');
  requestAnimationFrame(() => {
    const mark = performance.mark('fieldside:first-results');
    document.body.dataset.firstResultsMs = String(Math.round(mark.startTime));
    // Setting up (the prompts before there is anything to search, the reminder under the search) loads once
    // the first rows (or the empty state) are painted: its code and its storage reads never run before them.
    void import('./setup-views').then((views) => {
      const state = views.createPopupSetup(model);
      stopSetup = state.start();
      setup.value = { views, setup: state };
    });
  });
});
addEventListener('pagehide', () => {
  model.stop();
  stopSetup();
});
