import { render } from 'preact';
import './page-styles.css';
import { App } from './App';
import { createOptionsModel } from './model';
import { createWebhooksModel } from './webhooks-model';
import { createSitesModel } from './sites-model';
import { createBudgetModel } from './budget-model';

const model = createOptionsModel();
model.watch();
void model.load();
const sites = createSitesModel();
sites.watch();
void sites.load();
const budget = createBudgetModel();
budget.watch();
void budget.load();
render(
  <App model={model} webhooks={createWebhooksModel()} sites={sites} budget={budget} />,
  document.getElementById('app')!,
);
