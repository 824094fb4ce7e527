// The panel's look: the platform's window is small on the web and the whole screen on a phone. Light and dark
// follow the person's system; on a phone everything is full width, with touch targets of 48 px and nothing that
// needs a hover. It comes after the platform's sdk.css, so these tokens and rules are the ones that hold.

export const PANEL_STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1c2127;--muted:#5b6470;--line:#d8dde3;--card:#f5f7f9;--accent:#0b5cad;--on-accent:#fff;--bad:#a3251b;--good:#1d6b35}
@media (prefers-color-scheme:dark){:root{--bg:#15191e;--fg:#e8ecf0;--muted:#a3adb8;--line:#333b44;--card:#1f252c;--accent:#6fb0f2;--on-accent:#0c1620;--bad:#ff8f85;--good:#7fd49a}}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;padding:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{padding:16px 18px 20px;max-width:640px}
h1{font-size:1.3em;margin:0 0 2px}
h2{font-size:1em;margin:18px 0 8px}
p{margin:0 0 6px}
.status{display:inline-block;font-size:.85em;font-weight:600;padding:2px 8px;border-radius:999px;background:var(--card);border:1px solid var(--line)}
.muted{color:var(--muted)}
.badges{list-style:none;margin:8px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.badges li{font-size:.85em;padding:2px 8px;border-radius:4px;background:var(--accent);color:var(--on-accent)}
.description{white-space:pre-wrap;margin-top:8px}
label{display:block;font-weight:600;margin:16px 0 6px}
textarea{width:100%;min-height:78px;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:8px;resize:vertical}
button,.button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:8px 16px;background:var(--accent);color:var(--on-accent);cursor:pointer;text-decoration:none;display:inline-block}
button[disabled]{opacity:.6;cursor:progress}
.row{display:flex;gap:10px;align-items:center;margin-top:8px;flex-wrap:wrap}
#note-message{margin:0}
p.bad{color:var(--bad)}
p.good{color:var(--good)}
section{margin-top:18px}
button.secondary,.button.secondary{background:var(--card);color:var(--fg);border:1px solid var(--line)}
label.button{margin:0}
.file{position:absolute;width:1px;height:1px;opacity:0;overflow:hidden}
label.button:has(+ .file:focus-visible),button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.steps{list-style:none;margin:0 0 8px;padding:0}
.steps li{color:var(--good);font-weight:600}
.steps button{margin-left:10px;padding:2px 12px;font-size:.9em}
.actions{margin-bottom:6px}
#visit-hint{margin:4px 0 0;font-size:.9em}
#visit-message{margin:4px 0 0}
.photos{list-style:none;margin:10px 0 0;padding:0}
.photos li{padding:8px 10px;margin-bottom:8px;background:var(--card);border:1px solid var(--line);border-radius:6px}
.photos .name{font-weight:600;overflow-wrap:anywhere;margin:0}
.photos progress{width:100%;height:8px}
.photos p{margin:2px 0 4px}
.notes{list-style:none;margin:0;padding:0}
.notes li{padding:8px 10px;margin-bottom:8px;background:var(--card);border:1px solid var(--line);border-radius:6px}
.notes .meta{font-size:.85em;color:var(--muted);margin-bottom:2px}
.notes .text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.pair{margin-top:18px;padding-top:12px;border-top:1px solid var(--line)}
a{color:var(--accent)}
.phone{font-size:17px}
.phone main{padding:14px 14px 28px;max-width:none}
.phone textarea{min-height:120px}
.phone button,.phone .button{display:block;width:100%;min-height:48px;padding:12px 16px;text-align:center}
.phone .row{display:block}
.phone .row>*+*{margin-top:8px}
.phone #note-message{margin-top:8px}
.phone .steps button{display:inline-block;width:auto;min-height:48px;padding:8px 18px;margin:4px 0 4px 10px}
`;
