// The web app's style sheet, served as /app/app.css: ExtJS's look as far as the class names go, the add-on
// windows, and the phone view (device.ts). ExtJS's own blues are a shade darker here, so white text on them is
// readable (axe's contrast rule, addons/addon-browser.test.ts).
export const APP_STYLE = `
body.x-body { margin: 0; font: 13px/1.4 tahoma, arial, verdana, sans-serif; color: #222; background: #dfe8f6; }
.x-viewport { position: relative; min-height: 100vh; }
.x-toolbar { display: flex; gap: 1rem; align-items: center; padding: 4px 8px; background: #1a6fb5; color: #fff; }
.x-toolbar .sign-out { margin-left: auto; }
.x-btn { font: inherit; padding: 2px 10px; border: 1px solid #0b3f6b; border-radius: 3px; background: #0f5a96; color: #fff; cursor: pointer; text-decoration: none; }
.app-main { display: grid; grid-template-columns: minmax(22rem, 1fr) 2fr; gap: 8px; padding: 8px; }
.x-panel { background: #fff; border: 1px solid #99bce8; }
.x-panel-header { padding: 5px 8px; background: #cbdbef; font-weight: bold; border-left: 6px solid transparent; }
.x-panel-body { padding: 6px; }
.x-grid-header-row, .x-grid-row { display: grid; grid-template-columns: 5rem 6rem 1fr 1fr; gap: 4px; padding: 3px 2px; border-bottom: 1px solid #ededed; }
.x-grid-header-row { font-weight: bold; }
.x-grid-row:hover, .board-item:hover { background: #e8f0fb; cursor: pointer; }
.dispatch-board { display: flex; gap: 6px; overflow-x: auto; }
.board-lane { min-width: 12rem; }
.board-item { padding: 3px 2px; border-bottom: 1px dotted #ccc; }
.board-unscheduled-label { margin-top: 6px; font-style: italic; color: #555; }
.x-window-layer { position: absolute; inset: 0; pointer-events: none; }
.x-window { position: absolute; width: 34rem; max-height: 80vh; overflow: auto; pointer-events: auto; background: #fff; border: 1px solid #4b9cd7; box-shadow: 0 4px 18px rgba(0,0,0,.3); }
.x-window-active { border-color: #157fcc; }
.x-window-header { display: flex; align-items: center; padding: 5px 8px; background: #1a6fb5; color: #fff; font-weight: bold; }
.x-window-header-text { flex: 1; }
.x-tool-close { width: 16px; height: 16px; cursor: pointer; }
.x-tool-close::before { content: "\\00d7"; font-size: 16px; line-height: 16px; }
.x-window-body { padding: 8px; }
.job-card th { text-align: left; vertical-align: top; padding-right: 10px; white-space: nowrap; }
.badge { display: inline-block; margin-right: 4px; padding: 0 6px; border-radius: 8px; background: #eef3f8; }
.job-note { margin-top: 6px; padding-top: 6px; border-top: 1px solid #eee; }
.job-note-meta { color: #666; font-size: 11px; }
.sign-in-page .sign-in { width: 26rem; margin: 10vh auto; }
.sign-in select { display: block; width: 100%; margin: 6px 0 12px; }
.job-actions { gap: 6px; margin: -8px -8px 8px; padding: 5px 8px; background: #e4edf8; border-bottom: 1px solid #c5d6ea; color: inherit; }
.addon-action { padding: 4px 12px; }
.addon-action:disabled { opacity: .6; cursor: progress; }
.addon-window { width: auto; max-height: none; overflow: hidden; }
.addon-window-body { padding: 0; }
.addon-frame { display: block; width: 600px; height: 420px; max-width: calc(100vw - 24px); max-height: calc(100vh - 60px); border: 0; background: #fff; }
.addon-message { width: 24rem; max-width: calc(100vw - 40px); margin: 0; padding: 16px; }
.device-toggle { color: #fff; }
.app-nav-links { display: flex; gap: 6px; }
.app-nav[aria-current="page"] { background: #fff; color: #0b3f6b; }
/* The add-on store (addon-store-page.ts). */
.addon-store { max-width: 44rem; margin: 0 auto; padding: 8px; }
.addon-store-title { font-size: 18px; margin: 8px 0; }
.addon-store-item-body { display: flex; gap: 12px; align-items: flex-start; padding: 12px; }
.addon-store-icon { flex: none; width: 48px; height: 48px; border-radius: 10px; background: #1a6fb5; color: #fff; font-size: 26px; line-height: 48px; text-align: center; font-weight: bold; }
.addon-store-name { font-size: 16px; margin: 0 0 4px; }
.addon-store-what, .addon-store-state, .addon-store-hint { margin: 0 0 8px; }
.addon-store-dot { display: inline-block; width: 9px; height: 9px; margin-right: 6px; border-radius: 50%; background: #8a8a8a; }
.addon-store-dot.on { background: #1e7b34; }
.addon-store-activate { display: inline-block; padding: 5px 16px; }
/* The phone view (device.ts): one phone-wide column; a window fills the phone's screen. */
body.device-phone { background: #9aa7b5; }
.device-phone .x-viewport { max-width: 390px; margin: 0 auto; background: #dfe8f6; font-size: 15px; }
.device-phone .x-toolbar-header { flex-wrap: wrap; gap: .5rem; }
.device-phone .app-main { grid-template-columns: 1fr; }
.device-phone .x-grid-header-row, .device-phone .x-grid-row { grid-template-columns: 4.5rem 5.5rem 1fr; }
.device-phone .x-grid-row [data-field="job_address"], .device-phone .x-grid-header-row .x-grid-cell:last-child { display: none; }
.device-phone .x-window { position: fixed; top: 0 !important; bottom: 0; left: 50% !important; transform: translateX(-50%); width: min(390px, 100vw); max-height: none; box-sizing: border-box; display: flex; flex-direction: column; border: 0; }
.device-phone .x-window-header { padding: 12px; font-size: 16px; }
.device-phone .x-tool-close { width: 28px; height: 28px; text-align: center; }
.device-phone .x-tool-close::before { font-size: 26px; line-height: 28px; }
.device-phone .x-window-body { flex: 1; overflow: auto; }
.device-phone .job-card th, .device-phone .job-card td { display: block; padding: 0; }
.device-phone .job-card th { margin-top: 8px; color: #555; font-size: 12px; }
.device-phone .job-actions { margin: -8px -8px 8px; padding: 8px; }
.device-phone .addon-action { flex: 1; padding: 10px 12px; font-size: 16px; }
.device-phone .addon-window-body { display: flex; overflow: hidden; }
.device-phone .addon-frame { flex: 1; width: 100%; height: auto; max-width: none; max-height: none; }
.device-phone .addon-message { width: auto; }
.device-phone .addon-store-activate { display: block; text-align: center; padding: 10px 12px; font-size: 16px; }
`;
