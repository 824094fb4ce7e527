import { render } from 'preact';
import '@/components/design/page.css';
import '@/components/search/search.css';
import { createQuickSearchModel } from '@/lib/quick-search/search-model';
import { App } from './App';
import { createPopupSetup } from './setup';

performance.mark('fieldside:boot'); // the script is loaded and evaluated: what precedes is page load
const model = createQuickSearchModel();
const setup = createPopupSetup(model);
render(<App model={model} setup={setup} />, document.getElementById('app')!);
void model.start();
const stopSetup = setup.start();
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
