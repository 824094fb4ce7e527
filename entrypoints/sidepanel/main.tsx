import { render } from 'preact';
import './page-styles.css';
import { App } from './App';
import { createSidepanelModel } from './model';

const model = createSidepanelModel();
void model.start();
render(<App model={model} />, document.getElementById('app')!);
