import { render } from 'preact';
import '@/components/design/page.css';
import '@/components/setup/setup.css';
import './welcome.css';
import { App } from './App';
import { createWelcomeModel } from './model';

const model = createWelcomeModel();
void model.start();
render(<App model={model} />, document.getElementById('app')!);
