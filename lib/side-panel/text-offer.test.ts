// When "On my way" offers to text the customer: a person in view, a mobile the platform can text (on-site contact
// first), and not declined; the number in international form for the platform, as the account writes it for the
// person; where the connection may not text yet, the offer asks instead.
import { describe, expect, it } from 'vitest';
import type { ListedContact } from './contact-choice';
import { proposedText, textableMobile, textOffer, type TextOfferInput } from './text-offer';

const contact = (name: string, mobile: string | null, role: 'site' | 'client' = 'site'): ListedContact => ({
  name,
  mobile,
  phone: null,
  email: null,
  role,
});

const base: TextOfferInput = {
  contacts: [contact('Jane Citizen', '0412 345 678')],
  region: 'AU',
  staffName: 'Sam Taylor',
  allowed: true,
  declined: false,
  canAct: true,
};

describe('the text "On my way" offers', () => {
  it('names the on-site contact with a mobile, in international form for the platform and local for the person', () => {
    expect(textOffer(base)).toEqual({
      name: 'Jane Citizen',
      to: '+61412345678',
      number: '0412 345 678',
      message: "Hi Jane, this is Sam. I'm on my way to you now.",
      allowed: true,
    });
  });

  it('passes over a landline, a number that cannot be dialled and a contact without one, to the client’s mobile', () => {
    const offer = textOffer({
      ...base,
      contacts: [
        contact('Site Office', '(02) 9876 5432'),
        contact('Typo', '04'),
        contact('Nobody', null),
        contact('Ann Client', '+44 7911 123456', 'client'),
      ],
    });
    expect(offer).toMatchObject({ name: 'Ann Client', to: '+447911123456', number: '+44 7911 123456' });
  });

  it('offers nothing without a mobile, when declined, or with nobody in view to act', () => {
    expect(textOffer({ ...base, contacts: [contact('Site Office', '02 9876 5432')] })).toBeNull();
    expect(textOffer({ ...base, contacts: [] })).toBeNull();
    expect(textOffer({ ...base, declined: true })).toBeNull();
    expect(textOffer({ ...base, canAct: false })).toBeNull();
  });

  it('asks first where the connection may not text yet', () => {
    expect(textOffer({ ...base, allowed: false })).toMatchObject({ allowed: false, to: '+61412345678' });
  });

  it('reads a number in the account’s country', () => {
    expect(textableMobile('07400 123456', 'GB')).toEqual({ to: '+447400123456', shown: '07400 123456' });
    expect(textableMobile('07400 123456', 'AU')).toBeNull();
    expect(textableMobile('  ', 'AU')).toBeNull();
  });

  it('proposes words with the first names it knows', () => {
    expect(proposedText('', null)).toBe("Hi, I'm on my way to you now.");
    expect(proposedText('Jane', 'Sam Taylor')).toBe("Hi Jane, this is Sam. I'm on my way to you now.");
  });
});
