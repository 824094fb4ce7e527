// Styles of the content UI, injected into each shadow root: the page's CSS can't reach in, and ours
// can't leak out. Light and dark follow the system (prefers-color-scheme).

export const CONTENT_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
.root {
  --fs-bg: #ffffff; --fs-fg: #1b1f24; --fs-muted: #4d5560; --fs-border: #b8c0cc; --fs-accent: #0b57d0;
  --fs-tag-bg: #e8eef9; --fs-tag-fg: #123a7a; --fs-pending-bg: #fff4d6; --fs-pending-fg: #5c4100; --fs-error: #b3261e;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fs-fg);
}
@media (prefers-color-scheme: dark) {
  .root {
    --fs-bg: #1e2227; --fs-fg: #e8eaed; --fs-muted: #b4bac3; --fs-border: #5a6470; --fs-accent: #8ab4f8;
    --fs-tag-bg: #263a5c; --fs-tag-fg: #d6e4ff; --fs-pending-bg: #4a3b12; --fs-pending-fg: #ffe6a6; --fs-error: #f2b8b5;
  }
}
.badge {
  display: inline-flex; gap: 4px; align-items: center; padding: 1px 6px; margin: 0; cursor: pointer;
  font: inherit; font-size: 12px; color: var(--fs-fg); background: var(--fs-bg);
  border: 1px solid var(--fs-border); border-radius: 10px; white-space: nowrap;
}
.badge:focus-visible, button:focus-visible, textarea:focus-visible, h2:focus-visible { outline: 2px solid var(--fs-accent); outline-offset: 2px; }
.status { font-weight: 600; }
.tag { padding: 0 5px; border-radius: 8px; background: var(--fs-tag-bg); color: var(--fs-tag-fg); }
.pending { padding: 0 5px; border-radius: 8px; background: var(--fs-pending-bg); color: var(--fs-pending-fg); }
.panel {
  position: absolute; z-index: 2147483647; top: calc(100% + 4px); left: 0; width: min(360px, 90vw);
  max-height: 60vh; overflow: auto; padding: 10px 12px; text-align: start;
  color: var(--fs-fg); background: var(--fs-bg); border: 1px solid var(--fs-border); border-radius: 8px;
  box-shadow: 0 4px 16px rgb(0 0 0 / 25%); white-space: normal;
}
.panel-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
h2 { margin: 0; font-size: 14px; }
.close { font: inherit; font-size: 18px; line-height: 1; padding: 0 6px; color: var(--fs-fg); background: none; border: 1px solid transparent; border-radius: 4px; cursor: pointer; }
.panel-meta, .hint { margin: 4px 0 8px; color: var(--fs-muted); }
.add { display: grid; gap: 4px; margin-bottom: 8px; }
label { font-weight: 600; }
textarea { width: 100%; font: inherit; color: var(--fs-fg); background: var(--fs-bg); border: 1px solid var(--fs-border); border-radius: 4px; padding: 4px; resize: vertical; }
.add button { justify-self: start; font: inherit; padding: 3px 10px; color: #fff; background: var(--fs-accent); border: 0; border-radius: 4px; cursor: pointer; }
@media (prefers-color-scheme: dark) { .add button { color: #0b1b33; } }
.add button:disabled { opacity: 0.6; cursor: default; }
.error, .failed { color: var(--fs-error); }
.notes { list-style: none; margin: 0; padding: 0; }
.note { padding: 6px 0; border-top: 1px solid var(--fs-border); }
.note-text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.note-meta { margin: 2px 0 0; font-size: 12px; color: var(--fs-muted); }
`;
