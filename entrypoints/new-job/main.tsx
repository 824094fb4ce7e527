import { render } from 'preact';
import './page-styles.css';
import { App } from './App';
import { createNewJobModel } from './model';

const model = createNewJobModel(location.hash.slice(1));
render(<App model={model} />, document.getElementById('app')!);
void model.load();
