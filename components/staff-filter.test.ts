import { describe, expect, it } from 'vitest';
import { filterStaff } from './staff-filter';

const STAFF = [
  { name: 'Zoë Novak', email: 'zoe@brightline.example', role: 'Field Technician' },
  { name: 'Sam Owens', email: 'owner@brightline.example', role: 'Administrator' },
  { name: 'Priya Shah', email: 'priya@brightline.example', role: 'Office Staff' },
];

describe('finding yourself in the staff list', () => {
  it.each([
    ['', ['Zoë Novak', 'Sam Owens', 'Priya Shah']],
    ['zoe', ['Zoë Novak']],
    ['  SAM ', ['Sam Owens']],
    ['technician', ['Zoë Novak']],
    ['owner@', ['Sam Owens']],
    ['priya office', ['Priya Shah']],
    ['priya admin', []],
  ])('%j finds %j', (query, names) => {
    expect(filterStaff(STAFF, query).map((s) => s.name)).toEqual(names);
  });
});
