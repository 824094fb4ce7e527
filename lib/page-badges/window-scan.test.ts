import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { HOST_TAG, MARK } from './scan';
import { attachWindowHosts, frontJobNumber, hasJobWindows, windowJobNumber } from './window-scan';

// The web app's job windows (ExtJS): `.x-window` with its title in `.x-window-header-text`.

function page(body: string): Document {
  return parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;
}
const win = (id: string, title: string, z = 9001) =>
  `<div class="x-window" id="${id}" style="z-index: ${z}"><div class="x-window-header"><span class="x-window-header-text">${title}</span><div class="x-tool x-tool-close"></div></div><div class="x-window-body"><p>Job #9999 in the notes</p></div></div>`;

describe('job windows of the web app', () => {
  it('reads the job number from the title, whatever the wording', () => {
    const doc = page(
      `${win('a', 'Job #1234 – Smith & Sons')}${win('b', 'Job 88')}${win('c', 'Job No. 77')}${win('d', 'Invoice 12')}`,
    );
    expect([...doc.querySelectorAll('.x-window')].map(windowJobNumber)).toEqual(['1234', '88', '77', null]);
  });

  it('puts one host in the title of each job window, once, and none in other windows', () => {
    const doc = page(`${win('a', 'Job #1234 – Smith')}${win('b', 'Settings')}`);
    expect(hasJobWindows(doc)).toBe(true);
    const targets = attachWindowHosts(doc);
    expect(targets.map((t) => [t.uuid, t.number])).toEqual([[null, '1234']]);
    expect(targets[0]!.host.tagName.toLowerCase()).toBe(HOST_TAG);
    expect(targets[0]!.host.previousElementSibling?.className).toBe('x-window-header-text');
    expect(hasJobWindows(doc)).toBe(false);
    expect(attachWindowHosts(doc)).toEqual([]);
    expect(doc.querySelectorAll(HOST_TAG).length).toBe(1);
    expect(doc.getElementById('b')!.hasAttribute(MARK)).toBe(false);
  });

  it('follows windows opening later, and a title filled in after the window opened', () => {
    const doc = page(win('a', ''));
    expect(attachWindowHosts(doc)).toEqual([]);
    doc.querySelector('.x-window-header-text')!.textContent = 'Job #5 – Late title';
    doc.body.insertAdjacentHTML('beforeend', win('b', 'Job #6'));
    expect(attachWindowHosts(doc).map((t) => t.number)).toEqual(['5', '6']);
  });

  it('knows the job in front: the focused window, else the top of the stack', () => {
    const doc = page(`${win('a', 'Job #1', 9003)}${win('b', 'Job #2', 9002)}${win('c', 'Job #3', 9003)}`);
    expect(frontJobNumber(doc)).toBe('3');
    expect(frontJobNumber(page(win('x', 'Settings')))).toBeNull();
  });
});
