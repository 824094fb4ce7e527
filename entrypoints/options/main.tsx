import { render } from 'preact';
import '@/components/design/page.css';
import '@/components/setup/setup.css';
import '@/components/webhooks/webhooks.css';
import './options.css';
import { App } from './App';
import { createOptionsModel } from './model';
import { createWebhooksModel } from './webhooks-model';
import { createSitesModel } from './sites-model';

const model = createOptionsModel();
model.watch();
void model.load();
const sites = createSitesModel();
sites.watch();
void sites.load();
render(<App model={model} webhooks={createWebhooksModel()} sites={sites} />, document.getElementById('app')!);
