import { describe, expect, it } from 'vitest';
import { ADD_NOTE_MENU, createSelectionNote } from './selection-note';

describe('add selection as a note', () => {
  it('keeps the trimmed selection for the picker and opens it once per click', () => {
    let opened = 0;
    const selection = createSelectionNote(() => void opened++);
    expect(selection.pending()).toBeNull();
    selection.onClick({ menuItemId: ADD_NOTE_MENU, selectionText: '  Gate code 4321\n' });
    expect(selection.pending()).toBe('Gate code 4321');
    expect(opened).toBe(1);
    selection.clear();
    expect(selection.pending()).toBeNull();
  });

  it.each([
    [{ menuItemId: 'someone-else', selectionText: 'text' }],
    [{ menuItemId: ADD_NOTE_MENU, selectionText: '   ' }],
    [{ menuItemId: ADD_NOTE_MENU }],
  ])('ignores %j', (click) => {
    let opened = 0;
    const selection = createSelectionNote(() => void opened++);
    selection.onClick(click);
    expect([selection.pending(), opened]).toEqual([null, 0]);
  });

  it('caps the text at the note limit', () => {
    const selection = createSelectionNote(() => undefined);
    selection.onClick({ menuItemId: ADD_NOTE_MENU, selectionText: 'x'.repeat(12_000) });
    expect(selection.pending()).toHaveLength(10_000);
  });
});
