import { describe, expect, it } from 'vitest';
import { onlyWhoAsks, readDraft } from './draft';

const EMAIL = `Hi there,

The tap in our upstairs bathroom has been leaking since Sunday. Could someone come out this week?
The house is at 14 Quillfeather Lane, Brunswick VIC 3056. Best to call me on 0491 570 156.

Thanks,
Priya

On Mon, 4 May 2026 at 09:12, Fieldside Plumbing <office@example.com> wrote:
> Thanks for your enquiry at 99 Old Street Richmond.`;

describe('a new job read from an e-mail or selected text', () => {
  it('takes the subject and the text (no quoted reply) as the description, and finds the address and number', () => {
    const draft = readDraft({
      from: 'email',
      text: EMAIL,
      subject: 'Leaking tap',
      sender: { name: 'Priya Quennell', email: 'Priya.Quennell@Harbourview.example' },
    });
    expect(draft.description.startsWith('Leaking tap\n\nHi there,')).toBe(true);
    expect(draft.description).not.toContain('Old Street');
    expect(draft.description.endsWith('Priya')).toBe(true);
    expect(draft.addresses).toEqual(['14 Quillfeather Lane, Brunswick VIC 3056']);
    expect(draft.phones).toEqual(['0491 570 156']);
    expect(draft.emails).toEqual(['priya.quennell@harbourview.example']);
    expect(draft.name).toBe('Priya Quennell');
  });

  it.each([
    ['Please quote for 3/27 King St Newtown NSW 2042 next week', '3/27 King St Newtown NSW 2042'],
    ['Job at 8 George Rd, Carlton. Gate code 1234', '8 George Rd, Carlton'],
    ['Unit at 120 Queen Pde please', '120 Queen Pde'],
  ])('finds the address in %j', (text, address) => {
    expect(readDraft({ from: 'selection', text }).addresses).toEqual([address]);
  });

  it('finds nothing where there is nothing: no address, no number, the text as the description', () => {
    const draft = readDraft({ from: 'selection', text: '  Gutter cleaning, two storeys  ' });
    expect(draft).toEqual({
      from: 'selection',
      description: 'Gutter cleaning, two storeys',
      addresses: [],
      emails: [],
      phones: [],
      name: '',
      customerUuid: null,
    });
  });

  it('keeps the customer the quick search had open, and no text as no description', () => {
    const uuid = '1f0c3a52-8d4b-4c2e-9a7f-3b6d5e4c2a10';
    expect(readDraft({ from: 'popup', text: '', customerUuid: uuid })).toMatchObject({
      description: '',
      customerUuid: uuid,
    });
  });
});

describe('a text that only says who is asking', () => {
  const popup = (text: string) => readDraft({ from: 'popup', text });

  it('is a caller’s number or e-mail address typed alone, in any writing', () => {
    expect(onlyWhoAsks(popup('+61 453 112 917'))).toBe(true);
    expect(onlyWhoAsks(popup('(08) 3410 7114'))).toBe(true);
    expect(onlyWhoAsks(popup('Jane.Doe@Smith.test'))).toBe(true);
    expect(onlyWhoAsks(popup('0453 112 917, jane@smith.test'))).toBe(true);
  });

  it('is not a text that says anything of the job, nor an empty one', () => {
    expect(onlyWhoAsks(popup('0453 112 917 leaking tap'))).toBe(false);
    expect(onlyWhoAsks(popup('Beach Ave'))).toBe(false);
    expect(onlyWhoAsks(popup('5247'))).toBe(false);
    expect(onlyWhoAsks(popup('   '))).toBe(false);
  });
});
