import { render } from 'preact';
import { App } from './App';
import { createOptionsModel } from './model';
import { createWebhooksModel } from './webhooks-model';

const model = createOptionsModel();
model.watch();
void model.load();
render(<App model={model} webhooks={createWebhooksModel()} />, document.getElementById('app')!);
