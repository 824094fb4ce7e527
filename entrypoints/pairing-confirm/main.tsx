import { render } from 'preact';
import '@/components/design/page.css';
import './pairing-confirm.css';
import { App } from './App';
import { createPairingConfirmModel } from './model';

const model = createPairingConfirmModel();
void model.load();
render(<App model={model} />, document.getElementById('app')!);
