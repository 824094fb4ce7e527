import { ADDON_WINDOW_SCRIPT } from './addon-window-script';

// The web app's page script, served as /app/app.js: plain browser JavaScript kept as text, because it runs in the
// page, not in Node. It only ever inserts fragments the server rendered and escaped (app-fragments.ts). Job windows
// open from any [data-open-job] element or the address (deep links: /job/<uuid>, /#job/<uuid>, /#job,<uuid>,
// /job?uuid=<uuid>, all seen in third-party code), stacked, closed by their close tool or Escape. window.Ext is a
// minimal component registry (one component per job window, its contents a guess: FIDELITY.md), because the known
// extension for the real web app reaches component data that way. <html data-app-ready> marks the asked-for windows
// open. Add-on windows: addon-window-script.ts, run inside this function.
export const APP_SCRIPT = String.raw`(() => {
  'use strict';
  const layer = document.getElementById('windows');
  const components = new Map();
  let top = 9000;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  window.Ext = {
    getCmp: (id) => components.get(id),
    ComponentMgr: { get: (id) => components.get(id), all: { get items() { return [...components.values()]; } } },
  };

  function front(win) {
    for (const other of layer.querySelectorAll('.x-window-active')) other.classList.remove('x-window-active');
    win.classList.add('x-window-active');
    win.style.zIndex = String(++top);
  }
  function adopt(win) {
    const n = components.size;
    win.style.left = (380 + 28 * (n % 8)) + 'px';
    win.style.top = (70 + 28 * (n % 8)) + 'px';
    const title = win.querySelector('.x-window-header-text');
    components.set(win.id, { id: win.id, xtype: 'window', title: title ? title.textContent : '', jobUuid: win.dataset.jobUuid, el: { dom: win }, close: () => close(win) });
    front(win);
  }
  function close(win) {
    components.delete(win.id);
    win.remove();
  }
  async function openJob(uuid) {
    if (!uuid || !UUID.test(uuid)) return undefined;
    const id = 'job-window-' + uuid.toLowerCase();
    const open = document.getElementById(id);
    if (open) { front(open); return open; }
    const res = await fetch('/app/job/' + encodeURIComponent(uuid.toLowerCase()), { credentials: 'same-origin' });
    if (res.status === 401) { location.assign('/login?next=' + encodeURIComponent(location.pathname + location.search + location.hash)); return undefined; }
    const again = document.getElementById(id);
    if (again) { front(again); return again; }
    layer.insertAdjacentHTML('beforeend', await res.text());
    const win = layer.lastElementChild;
    adopt(win);
    return win;
  }
  function linkedJob() {
    const hash = /^#job[\/,]([0-9a-f-]{36})$/i.exec(location.hash);
    if (hash) return hash[1];
    const path = /^\/job\/([0-9a-f-]{36})\/?$/i.exec(location.pathname);
    if (path) return path[1];
    if (/^\/job\/?$/.test(location.pathname)) return new URLSearchParams(location.search).get('uuid') || undefined;
    return undefined;
  }
  async function loadList(q, page) {
    const res = await fetch('/app/jobs?q=' + encodeURIComponent(q) + '&page=' + page, { credentials: 'same-origin' });
    if (res.ok) document.getElementById('job-list').innerHTML = await res.text();
  }

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const tool = target.closest('.x-tool-close');
    if (tool) { close(tool.closest('.x-window')); return; }
    const pager = target.closest('[data-list-page]');
    if (pager) { event.preventDefault(); loadList(pager.dataset.listQ || '', pager.dataset.listPage); return; }
    const opener = target.closest('[data-open-job]');
    if (opener && !event.metaKey && !event.ctrlKey) { event.preventDefault(); openJob(opener.dataset.openJob); return; }
    const win = target.closest('.x-window');
    if (win) front(win);
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (event.key === 'Escape') { const win = target.closest('.x-window'); if (win) close(win); return; }
    if (event.key === 'Enter' && target.matches('.x-tool-close')) { close(target.closest('.x-window')); return; }
    if (event.key === 'Enter' && target.matches('[data-open-job]')) openJob(target.dataset.openJob);
  });
  document.getElementById('job-search').addEventListener('submit', (event) => {
    event.preventDefault();
    loadList(document.getElementById('job-search-q').value, 1);
  });
  window.addEventListener('hashchange', () => { openJob(linkedJob()); });
  // After the listeners above, so an add-on window opened by a click in a job window lands in front of it.
${ADDON_WINDOW_SCRIPT}

  for (const win of [...layer.querySelectorAll('.x-window')]) adopt(win);
  openJob(linkedJob()).finally(() => { document.documentElement.dataset.appReady = '1'; });
})();
`;
