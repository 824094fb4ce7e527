import { render } from 'preact';
import '@/components/design/page.css';
import '@/components/field/field.css';
import './sidepanel.css';
import { App } from './App';
import { createSidepanelModel } from './model';

const model = createSidepanelModel();
void model.start();
render(<App model={model} />, document.getElementById('app')!);
