import { describe, expect, it } from 'vitest';
import type { Job } from '../api/schemas';
import type { NoteView } from '../messaging/job-views';
import type { OutboxEntry } from '../outbox';
import { badgeStates } from './job-detail-service';
import { badgeFace, createToolbarBadge } from './toolbar-badge';
import { mergeNotes } from '../outbox/note-views';

const J = 'aaaaaaaa-0000-4000-8000-000000000001';
const B1 = 'bbbbbbbb-0000-4000-8000-000000000001';
const B2 = 'bbbbbbbb-0000-4000-8000-000000000002';
const entry = (seq: number, kind: OutboxEntry['kind'], extra: Partial<OutboxEntry> = {}): OutboxEntry =>
  ({
    seq,
    kind,
    jobUuid: J,
    clientUuid: `c${seq}`,
    createdAt: seq,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    payload: kind === 'note' ? { note: `note ${seq}`, actionRequired: false } : { badgeUuid: B1 },
    ...extra,
  }) as OutboxEntry;

describe('toolbar badge', () => {
  it.each([
    [0, null, ''],
    [0, 0, ''],
    [0, 5, '5'],
    [3, 5, '3'],
    [1200, 5, '999+'],
  ])('%i pending, %s today → %j', (pending, today, text) => {
    expect(badgeFace(pending, today).text).toBe(text);
  });
  it('tells the browser only when the text changes', () => {
    const texts: string[] = [];
    const badge = createToolbarBadge({
      setBadgeText: ({ text }) => void texts.push(text),
      setBadgeBackgroundColor: () => undefined,
    });
    badge.setToday(4);
    badge.setToday(4);
    badge.setPending(2);
    badge.setPending(0);
    expect(texts).toEqual(['4', '2', '4']);
  });
});

describe('badges with pending changes', () => {
  it('the last pending change of a badge wins and is marked pending', () => {
    const job = { badges: [B2] } as unknown as Job;
    const names = new Map([
      [B1, 'VIP'],
      [B2, 'Warranty'],
    ]);
    const states = badgeStates(job, names, [entry(1, 'badge-add'), entry(2, 'badge-remove'), entry(3, 'badge-add')]);
    expect(states).toEqual([
      { uuid: B1, name: 'VIP', on: true, pending: true },
      { uuid: B2, name: 'Warranty', on: true, pending: false },
    ]);
  });
});

describe('notes newest first', () => {
  it('puts waiting writes on top, failed ones with what to do, and drops a sent copy of a queued note', () => {
    const sent: NoteView[] = [
      { uuid: 'old', text: 'a', createdAt: '2026-01-01 09:00:00', author: 'X', state: 'sent', problem: null },
      { uuid: 'c2', text: 'dup', createdAt: '2026-01-02 09:00:00', author: 'X', state: 'sent', problem: null },
      { uuid: 'new', text: 'b', createdAt: '2026-01-03 09:00:00', author: 'X', state: 'sent', problem: null },
    ];
    const failed = entry(2, 'note', {
      state: 'failed-permanent',
      lastError: { code: 'job-gone', message: 'The job was deleted', action: 'Copy it', detail: '', at: 0 },
    });
    const merged = mergeNotes(sent, [entry(1, 'note'), failed, entry(3, 'badge-add')], 'Me');
    expect(merged.map((n) => [n.uuid, n.state])).toEqual([
      ['c2', 'failed'],
      ['c1', 'pending'],
      ['new', 'sent'],
      ['old', 'sent'],
    ]);
    expect(merged[0]!.problem).toEqual({ message: 'The job was deleted', action: 'Copy it', seq: 2 });
  });
});
