import { render } from 'preact';
import './page-styles.css';
import { createQuickSearchModel } from '@/lib/quick-search/search-model';
import { App } from './App';
import { createPickerModel } from './model';

const search = createQuickSearchModel();
const picker = createPickerModel();
render(<App search={search} picker={picker} />, document.getElementById('app')!);
void picker.load();
void search.start();
addEventListener('pagehide', () => search.stop());
