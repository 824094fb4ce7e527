import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

// A stand-in for the platform's job-card window, for testing the add-on's panel in a real browser before the
// emulator's own window (and its faithful SDK) is merged: a host page frames the companion's answer as the
// platform does (a sandboxed `srcdoc` iframe, an opaque origin), and a small client SDK inside the frame carries
// `resizeWindow`, `closeWindow` and `invoke` to the host by postMessage. The host hands `invoke` to the test
// (Node), which signs the follow-up event as the platform does and posts it to the companion.

const SDK = `window.SMClient={init:function(){var n=0,waiting={};
window.addEventListener('message',function(e){var done=waiting[e.data&&e.data.id];if(done){delete waiting[e.data.id];done(e.data);}});
return{resizeWindow:function(w,h){parent.postMessage({type:'resize',w:w,h:h},'*');},
closeWindow:function(){parent.postMessage({type:'close'},'*');},
invoke:function(name,args){return new Promise(function(resolve,reject){var id=++n;waiting[id]=function(m){m.failed?reject(new Error('invoke failed')):resolve(m.text);};
parent.postMessage({type:'invoke',id:id,name:name,args:args},'*');});}};}};`;

const HOST = `<!doctype html><html><head><meta charset="utf-8"><title>Job window</title>
<style>body{margin:0;background:#888}iframe{border:0;background:transparent;width:100vw;height:100vh;display:block}</style></head>
<body><iframe id="addon" sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"></iframe>
<script>
var frame=document.getElementById('addon');
window.addEventListener('message',function(e){if(e.source!==frame.contentWindow)return;var m=e.data||{};
if(m.type==='resize'){frame.style.width=m.w+'px';frame.style.height=m.h+'px';document.body.setAttribute('data-resized',m.w+'x'+m.h);}
if(m.type==='close'){frame.remove();document.body.setAttribute('data-closed','');}
if(m.type==='invoke'){window.addonInvoke(m.name,m.args).then(function(text){frame.contentWindow.postMessage({id:m.id,text:text},'*');},function(){frame.contentWindow.postMessage({id:m.id,failed:true},'*');});}});
window.addonOpen(new URLSearchParams(location.search).get('place')).then(function(html){frame.srcdoc=html;});
</script></body></html>`;

export interface AddonWindowHost {
  url: string;
  sdkUrl: string;
  stop(): Promise<void>;
}

export async function startAddonWindowHost(): Promise<AddonWindowHost> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/sdk.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(SDK);
    if (path === '/job-window') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sdkUrl: `${url}/sdk.js`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens the job window for `place` ("web" or "phone"): `open` answers the action's HTML, `invoke` a follow-up's text. */
export async function openAddonWindow(
  page: Page,
  host: AddonWindowHost,
  place: 'web' | 'phone',
  handlers: { open(place: string): Promise<string>; invoke(name: string, args: unknown): Promise<string> },
): Promise<void> {
  await page.exposeFunction('addonOpen', handlers.open);
  await page.exposeFunction('addonInvoke', handlers.invoke);
  await page.goto(`${host.url}/job-window?place=${place}`);
}
