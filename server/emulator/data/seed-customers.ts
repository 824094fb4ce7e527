import type { Rng } from './prng';
import { landline, mobile } from './phone-numbers';
import { placePostcode } from './postcodes';
import {
  BADGE_NAMES,
  BUSINESS_KINDS,
  BUSINESS_WORDS,
  CATEGORY_COLOURS,
  CATEGORY_NAMES,
  FIRST_NAMES,
  LAST_NAMES,
  regionalNames,
} from './names';
import { fillRecord, type Rec } from './field-kinds';
import { RECORD_TYPES } from './record-types';
import type { AccountProfile } from './seed-people';

export interface SeededCustomers {
  companies: Rec[];
  contacts: Rec[];
  categories: Rec[];
  badges: Rec[];
}

/** Companies with addresses and contacts, job categories and badge definitions of one account. */
export function seedCustomers(
  rng: Rng,
  profile: AccountProfile,
  companyCount: number,
  editDate: string,
): SeededCustomers {
  const companies: Rec[] = [];
  const contacts: Rec[] = [];
  const { streetNames, streetKinds, businessSuffixes, suburbs } = regionalNames(profile.region);
  for (let i = 0; i < companyCount; i++) {
    const individual = rng.chance(0.3);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = individual
      ? `${first} ${last}`
      : `${rng.pick(BUSINESS_WORDS)} ${rng.pick(BUSINESS_KINDS)}${rng.pick(businessSuffixes)}`;
    const street = `${1 + rng.int(250)} ${rng.pick(streetNames)} ${rng.pick(streetKinds)}`;
    const city = rng.chance(0.4) ? profile.city : rng.pick(suburbs);
    const code = placePostcode(profile, city, rng.int);
    const address = `${street}\n${city} ${profile.state} ${code}`;
    const uuid = rng.uuid();
    companies.push(
      fillRecord(RECORD_TYPES.company!, {
        uuid,
        active: rng.chance(0.97) ? 1 : 0,
        edit_date: editDate,
        name,
        address,
        billing_address: address,
        is_individual: individual ? '1' : '0',
        address_street: street,
        address_city: city,
        address_state: profile.state,
        address_postcode: code,
        address_country: profile.country,
        payment_terms: individual ? 'COD' : '30 days',
      }),
    );
    const contactCount = individual ? 1 : 1 + rng.int(2);
    for (let c = 0; c < contactCount; c++) {
      const cFirst = c === 0 && individual ? first : rng.pick(FIRST_NAMES);
      const cLast = c === 0 && individual ? last : rng.pick(LAST_NAMES);
      contacts.push(
        fillRecord(RECORD_TYPES.companycontact!, {
          uuid: rng.uuid(),
          active: 1,
          edit_date: editDate,
          company_uuid: uuid,
          first: cFirst,
          last: cLast,
          phone: landline(profile.region, rng.int),
          mobile: mobile(profile.region, rng.int),
          email: `${cFirst}.${cLast}@example.com`.toLowerCase().replace("'", ''),
          type: c === 0 ? 'JOB' : 'BILLING',
          is_primary_contact: c === 0 ? '1' : '0',
        }),
      );
    }
  }
  const categories = CATEGORY_NAMES.map((name, i) =>
    fillRecord(RECORD_TYPES.category!, {
      uuid: rng.uuid(),
      active: 1,
      edit_date: editDate,
      name,
      colour: CATEGORY_COLOURS[i] ?? '#777777',
    }),
  );
  const badges = BADGE_NAMES.map((name) =>
    fillRecord(RECORD_TYPES.badge!, {
      uuid: rng.uuid(),
      active: 1,
      edit_date: editDate,
      name,
      automatically_allocated: '0',
      file_name: `${name.toLowerCase().replace(/ /g, '_')}.png`,
    }),
  );
  return { companies, contacts, categories, badges };
}
