// The platform's client SDK, as the add-on's window loads it from {web_url}/sdk/1.0/sdk.js (the real one is at
// https://platform.servicem8.com/sdk/1.0/sdk.js). Plain browser JavaScript kept as text: it runs in the add-on's
// sandboxed frame, an opaque origin, and talks to the web app only by postMessage. Its API is the one the
// official samples call: `SMClient.init()` → client; `client.resizeWindow(width, height)`, `client.closeWindow()`,
// `client.invoke(eventName, args)` → a promise of the add-on's answer as text. The message format between the frame
// and the web app is the emulator's own (the real one is not public); the web app's half is web/addon-window-script.ts.

/** The tag every message between the SDK and the web app carries, both ways. */
export const SDK_MESSAGE_TAG = 'smclient-1.0';

/** The SDK's script. `platformOrigin` is the web app's origin: the only window its messages are addressed to. */
export function sdkScript(platformOrigin: string): string {
  return String.raw`(function () {
  'use strict';
  var TAG = ${JSON.stringify(SDK_MESSAGE_TAG)};
  var PLATFORM = ${JSON.stringify(platformOrigin)};
  var pending = {};
  var nextId = 1;

  function send(message) {
    message.tag = TAG;
    // Addressed to the platform's origin only: if the window were ever framed by another site, nothing leaks.
    window.parent.postMessage(message, PLATFORM);
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== PLATFORM) return;
    var data = event.data;
    if (!data || data.tag !== TAG || typeof data.id !== 'number' || !pending[data.id]) return;
    var call = pending[data.id];
    delete pending[data.id];
    if (data.ok) call.resolve(String(data.response));
    else call.reject(new Error(String(data.message || 'The add-on could not be reached.')));
  });

  var client = {
    resizeWindow: function (width, height) { send({ method: 'resizeWindow', width: Number(width), height: Number(height) }); },
    closeWindow: function () { send({ method: 'closeWindow' }); },
    invoke: function (eventName, args) {
      var id = nextId++;
      return new Promise(function (resolve, reject) {
        pending[id] = { resolve: resolve, reject: reject };
        try {
          send({ method: 'invoke', id: id, eventName: String(eventName), args: args === undefined ? {} : args });
        } catch (error) {
          // args that cannot be copied into a message (a function, a DOM node…)
          delete pending[id];
          reject(error);
        }
      });
    }
  };
  window.SMClient = { init: function () { return client; } };
})();
`;
}

/** sdk.css: a few neutral rules, so an add-on's page looks at home in the window without any of its own. */
export const SDK_STYLE = `html { color-scheme: light; }
body { margin: 0; padding: 12px; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1f2933; background: #fff; }
h1, h2, h3 { margin: 0 0 8px; line-height: 1.2; }
button, input, select, textarea { font: inherit; }
button { padding: 6px 12px; border: 1px solid #1f6fb2; border-radius: 4px; background: #2680c2; color: #fff; cursor: pointer; }
button:disabled { opacity: .6; cursor: default; }
input, select, textarea { padding: 5px 8px; border: 1px solid #b8c4ce; border-radius: 4px; }
`;
