import { render } from 'preact';
import './page-styles.css';
import { App } from './App';
import { createWelcomeModel } from './model';

const model = createWelcomeModel();
void model.start();
render(<App model={model} />, document.getElementById('app')!);
