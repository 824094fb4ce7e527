import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { HELD_MODULES_ID, holdModules, releaseModules } from './held-modules';

// Vite's popup.html after the build's other steps: the early script, the stylesheet, the module and its preloads.
const BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <script src="/popup-early.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/picker.css">
    <script type="module" crossorigin src="/chunks/popup.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/a.js">
    <link rel="modulepreload" crossorigin href="/chunks/b.js">
  </head>
  <body>
    <main id="app"></main>
  </body>
</html>
`;

const loadedBy = (doc: Document) =>
  [...doc.head.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
    (el) => el.getAttribute('src') ?? el.getAttribute('href'),
  );

describe('the popup modules held until the early rows are painted', () => {
  it('are written inside a template, in their order, after the early script and the stylesheet', () => {
    const held = holdModules(BUILT);
    const { document } = parseHTML(held);
    // Outside the template the browser asks only for the early script (and the stylesheet).
    expect(loadedBy(document)).toEqual(['/popup-early.js']);
    expect(document.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    const template = document.getElementById(HELD_MODULES_ID) as HTMLTemplateElement;
    expect(template.tagName).toBe('TEMPLATE');
    expect(held.indexOf('picker.css')).toBeLessThan(held.indexOf(`<template id="${HELD_MODULES_ID}">`));
    expect(held.match(/modulepreload/g)).toHaveLength(2);
  });

  it('leaves a page without a module as it was', () => {
    const page = BUILT.replace(/ *<script type="module"[^\n]*\n/, '');
    expect(holdModules(page)).toBe(page);
  });

  it('are put into the page once when released: the module and its preloads, the template gone', () => {
    const { document } = parseHTML(holdModules(BUILT));
    releaseModules(document);
    releaseModules(document); // a second release (the timer after the drawing) adds nothing
    expect(loadedBy(document)).toEqual(['/popup-early.js', '/chunks/popup.js', '/chunks/a.js', '/chunks/b.js']);
    expect(document.getElementById(HELD_MODULES_ID)).toBeNull();
    expect(document.querySelector('script[type="module"]')?.getAttribute('crossorigin')).toBe('');
  });
});
