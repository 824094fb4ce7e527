import { SDK_MESSAGE_TAG } from '../addons/sdk-script';

// The web app's half of add-on windows, part of the page script (inside app-script.ts's function, where `layer`,
// `adopt`, `front` and `close` are the window stack's). An add-on action's button opens the window at once, asks the
// server to post the signed event (POST /app/job/<uuid>/addon/<event>) and shows the server's answer: the add-on's
// HTML in a sandboxed frame, or the platform's message. A postMessage from the frame's client SDK counts only when its
// source is one of our add-on frames (origin "null"): closeWindow, resizeWindow (within the screen; nothing to change
// in the phone view) and invoke (through this page's sign-in, answered to that frame alone).
export const ADDON_WINDOW_SCRIPT = String.raw`
  const SDK_TAG = ${JSON.stringify(SDK_MESSAGE_TAG)};
  const phone = document.body.classList.contains('device-phone');
  const notResponding = (name) => 'The add-on ' + name + ' is not responding. Try again in a moment.';

  function openingWindow(id, name) {
    const win = document.createElement('div');
    win.className = 'x-window addon-window addon-window-opening';
    win.id = id;
    win.setAttribute('role', 'dialog');
    win.tabIndex = -1;
    const header = document.createElement('div');
    header.className = 'x-window-header';
    const title = document.createElement('span');
    title.className = 'x-window-header-text';
    title.textContent = name;
    const tool = document.createElement('div');
    tool.className = 'x-tool x-tool-close';
    tool.setAttribute('role', 'button');
    tool.tabIndex = 0;
    tool.title = 'Close';
    tool.setAttribute('aria-label', 'Close');
    header.append(title, tool);
    const body = document.createElement('div');
    body.className = 'x-window-body addon-window-body';
    const message = document.createElement('p');
    message.className = 'x-window-message addon-message';
    message.setAttribute('role', 'status');
    message.textContent = 'Opening ' + name + '\u2026';
    body.append(message);
    win.append(header, body);
    return win;
  }
  // Below the job window's header and actions, so its actions stay in reach to choose again.
  function place(win, near) {
    if (phone || !near) return;
    const actions = near.querySelector('.job-actions');
    const below = actions ? actions.offsetTop + actions.offsetHeight + 8 : 72;
    win.style.left = Math.max(8, Math.min(near.offsetLeft + 40, window.innerWidth - 240)) + 'px';
    win.style.top = (near.offsetTop + below) + 'px';
  }
  async function openAddon(button) {
    const jobWin = button.closest('.x-window');
    const jobUuid = jobWin && jobWin.dataset.jobUuid;
    const event = button.dataset.addonEvent;
    const name = button.dataset.addonName || button.textContent;
    if (!jobUuid || !event) return;
    const id = 'addon-window-' + jobUuid + '-' + event;
    const open = document.getElementById(id);
    if (open) close(open);
    const opening = openingWindow(id, name);
    layer.append(opening);
    adopt(opening);
    place(opening, jobWin);
    button.disabled = true;
    try {
      const res = await fetch('/app/job/' + encodeURIComponent(jobUuid) + '/addon/' + encodeURIComponent(event), { method: 'POST', credentials: 'same-origin' });
      if (res.status === 401) { location.assign('/login?next=' + encodeURIComponent(location.pathname + location.search + location.hash)); return; }
      const fragment = await res.text();
      if (!opening.isConnected) return;
      opening.insertAdjacentHTML('afterend', fragment);
      const win = opening.nextElementSibling;
      const { left, top } = opening.style;
      close(opening);
      adopt(win);
      win.style.left = left;
      win.style.top = top;
    } catch {
      const message = opening.querySelector('.addon-message');
      if (message) { message.textContent = notResponding(name); message.setAttribute('role', 'alert'); }
    } finally {
      button.disabled = false;
    }
  }

  const frameOf = (source) => [...layer.querySelectorAll('.addon-window iframe.addon-frame')].find((f) => f.contentWindow === source);
  const clamp = (n, low, high) => Math.max(low, Math.min(Number.isFinite(n) ? n : low, Math.max(low, high)));

  function resize(win, frame, width, height) {
    if (phone) return;
    const w = clamp(Number(width), 160, window.innerWidth - 24);
    const h = clamp(Number(height), 80, window.innerHeight - 60);
    frame.style.width = Math.round(w) + 'px';
    frame.style.height = Math.round(h) + 'px';
    // Keep the whole window on screen once it has grown.
    if (win.offsetLeft + win.offsetWidth > window.innerWidth) win.style.left = Math.max(0, window.innerWidth - win.offsetWidth - 8) + 'px';
    if (win.offsetTop + win.offsetHeight > window.innerHeight + window.scrollY) win.style.top = Math.max(window.scrollY, window.scrollY + window.innerHeight - win.offsetHeight - 8) + 'px';
  }
  async function invoke(frame, message) {
    let reply;
    try {
      const res = await fetch('/app/addon/invoke', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventName: String(message.eventName), args: message.args }),
      });
      const answer = await res.json();
      reply = answer && answer.ok === true && typeof answer.response === 'string'
        ? { ok: true, response: answer.response }
        : { ok: false, message: answer && typeof answer.message === 'string' ? answer.message : 'The add-on could not be reached.' };
    } catch {
      reply = { ok: false, message: 'The add-on could not be reached.' };
    }
    if (!frame.isConnected || !frame.contentWindow) return;
    // The frame's origin is opaque ("null"): "*" is the only address that reaches it. The message goes to this
    // frame's window alone, and carries only the add-on's own answer.
    frame.contentWindow.postMessage({ tag: SDK_TAG, id: message.id, ok: reply.ok, response: reply.response, message: reply.message }, '*');
  }

  window.addEventListener('message', (event) => {
    const frame = frameOf(event.source);
    if (!frame || event.origin !== 'null') return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.tag !== SDK_TAG) return;
    const win = frame.closest('.addon-window');
    if (data.method === 'closeWindow') close(win);
    else if (data.method === 'resizeWindow') resize(win, frame, data.width, data.height);
    else if (data.method === 'invoke' && typeof data.id === 'number') invoke(frame, data);
  });
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-addon-event]') : null;
    if (button && !button.disabled) openAddon(button);
  });
`;
