import { describe, expect, it } from 'vitest';
import type { CompanyContact, JobContact } from '../api/schemas';
import { detailContacts, pickClientContact, pickSiteContact } from './contact-choice';

const person = { active: true, last: '', email: '', phone: '', mobile: '' };
const site = (first: string, extra: Partial<JobContact> = {}): JobContact =>
  ({ uuid: `j-${first}`, edit_date: null, job_uuid: 'job', type: 'JOB', ...person, first, ...extra }) as JobContact;
const client = (first: string, extra: Partial<CompanyContact> = {}): CompanyContact =>
  ({
    uuid: `c-${first}`,
    edit_date: null,
    company_uuid: 'co',
    type: '',
    is_primary_contact: false,
    ...person,
    first,
    ...extra,
  }) as CompanyContact;

describe('the one contact to call about a job', () => {
  it('is the job’s on-site contact, with a number first', () => {
    expect(
      pickSiteContact([site('Ann'), site('Bob', { phone: '02 9999 0000' }), site('Cy', { mobile: '0412 000 111' })]),
    ).toEqual({
      name: 'Bob',
      phone: '02 9999 0000',
      role: 'site',
    });
    expect(pickSiteContact([site('Dee', { mobile: '0412 000 111', phone: '02 1' })])).toEqual({
      name: 'Dee',
      phone: '0412 000 111',
      role: 'site',
    });
  });

  it('is the on-site contact even without a number: the person to ask for on arrival', () => {
    expect(pickSiteContact([site('Ann', { last: 'Lee' })])).toEqual({ name: 'Ann Lee', phone: null, role: 'site' });
  });

  it.each([
    ['a billing contact', [site('Bill', { type: 'BILLING', phone: '1234' })]],
    ['a billing contact, in words', [site('Bill', { type: 'Billing Contact', phone: '1234' })]],
    ['a deleted contact', [site('Gone', { active: false, phone: '1234' })]],
    ['no contact', []],
  ])('is nobody on site for %s, so the client’s is used', (_label, contacts) => {
    expect(pickSiteContact(contacts)).toBeNull();
  });

  it('falls back to the client’s primary contact with a number, else any with a number, else any', () => {
    expect(
      pickClientContact([
        client('A', { is_primary_contact: true }),
        client('B', { phone: '123' }),
        client('C', { phone: '456', is_primary_contact: true }),
      ]),
    ).toEqual({
      name: 'C',
      phone: '456',
      role: 'client',
    });
    expect(pickClientContact([client('A', { is_primary_contact: true }), client('B', { mobile: '789' })])).toEqual({
      name: 'B',
      phone: '789',
      role: 'client',
    });
    expect(pickClientContact([client('A', { email: 'a@example.net' })])).toEqual({
      name: 'A',
      phone: null,
      role: 'client',
    });
    expect(pickClientContact([client('Gone', { active: false })])).toBeNull();
  });
});

describe("a job's contacts in its detail", () => {
  it('lists the on-site contacts first, then the client’s, each person once and no billing contact', () => {
    const copied = { last: 'Lee', mobile: '0412 000 111' };
    const list = detailContacts(
      [site('Ann', copied), site('Bill', { type: 'BILLING', phone: '1' }), site('Tenant', { phone: '02 5555' })],
      [client('Ann', { ...copied, is_primary_contact: true }), client('Office', { email: 'office@example.net' })],
    );
    expect(list).toEqual([
      { name: 'Ann Lee', phone: null, mobile: '0412 000 111', email: null, role: 'site' },
      { name: 'Tenant', phone: '02 5555', mobile: null, email: null, role: 'site' },
      { name: 'Office', phone: null, mobile: null, email: 'office@example.net', role: 'client' },
    ]);
  });

  it('keeps a client contact who only shares a name with the on-site one', () => {
    const list = detailContacts([site('Sam', { phone: '1111' })], [client('Sam', { phone: '2222' })]);
    expect(list.map((c) => [c.name, c.role])).toEqual([
      ['Sam', 'site'],
      ['Sam', 'client'],
    ]);
  });
});
