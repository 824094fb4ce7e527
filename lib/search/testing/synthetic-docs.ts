// Realistic synthetic jobs for the search benchmark and tests: job numbers, people and business
// customers who each have several jobs, street addresses, trade descriptions. Deterministic for a
// seed, so figures and tests repeat exactly.
import type { SearchDoc } from '../format/types';

export const FIRST = (
  'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan ' +
  'Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Betty Mark Margaret Donald Sandra ' +
  'Steven Ashley Paul Kimberly Andrew Emily Joshua Donna Kenneth Michelle Kevin Dorothy Brian Carol George Amanda ' +
  'Timothy Melissa Ronald Deborah Edward Stephanie Jason Rebecca Jeffrey Sharon Ryan Laura Jacob Cynthia Gary Kathleen ' +
  'Nicholas Amy Eric Angela Jonathan Shirley Stephen Anna Larry Brenda Justin Pamela Scott Emma Brandon Nicole ' +
  'Benjamin Helen Samuel Samantha Gregory Katherine Alexander Christine Frank Debra Patrick Rachel Raymond Carolyn ' +
  'Jack Janet Dennis Catherine Jerry Maria Tyler Heather Aaron Diane José Zoë Chloé Renée André Łukasz Søren Björn'
).split(' ');
export const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson ' +
  'Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson ' +
  'Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell ' +
  'Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales ' +
  'Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson ' +
  'Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long ' +
  'Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher ' +
  'Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes ' +
  'Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez ' +
  'McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson ' +
  'Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt Hicks Holmes Palmer Wagner Black Robertson ' +
  'Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver ' +
  'Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Hansen Peters Santos Hart Bradley Knight Müller ' +
  "O'Connor O'Brien Kowalski Nowak Dubois Lefèvre Østergaard Sørensen Novák Dvořák"
).split(' ');
const TRADE =
  'Plumbing Heating Electrical Roofing Glazing Joinery Landscaping Drainage Cleaning Property Building Maintenance Facilities Construction'.split(
    ' ',
  );
const BUSINESS =
  'Apex Summit Harbour Meridian Northgate Riverside Oakwood Crown Victoria Granite Elmstead Pinnacle Beacon Horizon Sterling Westfield Kingsway Parkside Ashford Lakeside Greenway Highland Brightside Cornerstone Evergreen Redwood Silverline Bluebell Foxglove Marlowe Regent'.split(
    ' ',
  );
const SUFFIX = ['Ltd', 'Limited', 'Pty Ltd', 'Inc', 'LLC', '& Sons', 'Group', 'Partners', 'Holdings', 'Co'];
const BIZ_KIND = [
  'Dental Surgery',
  'Primary School',
  'Medical Centre',
  'Hotel',
  'Café',
  'Restaurant',
  'Pharmacy',
  'Bakery',
  'Garage',
  'Gym',
  'Library',
  'Nursing Home',
  'Veterinary Clinic',
  'Dry Cleaners',
  'Bookshop',
];
const STREET = (
  'Elm Oak Maple Cedar Pine Birch Willow Ash Beech Chestnut Hawthorn Holly Laurel Poplar Rowan Sycamore Yew ' +
  'Church Mill Station Victoria Albert Queen King Princes George Park High Bridge Market School North South East West ' +
  'Chapel Manor Grange Orchard Meadow Springfield Highfield Kingsley Belmont Clarendon Windsor Stanley Cromwell Nelson ' +
  'Wellington Marlborough Trafalgar Waterloo Alexandra Clifton Richmond Brunswick Lansdowne Salisbury Devonshire ' +
  'Warwick Cambridge Oxford York Lancaster Chester Durham Kent Essex Sussex Surrey Norfolk Suffolk Dorset Somerset ' +
  'Heathfield Fairview Greenbank Riverside Woodland Hillside Lakeview Brookside Ridgeway Thornton Ashgrove Rosemount ' +
  'Glenwood Kirkwood Bellevue Montague Lindsay Carrington Pemberton Ellsworth Fairfax Hargreaves Whitmore Blackwood'
).split(' ');
const STREET_TYPE = [
  'Street',
  'Road',
  'Avenue',
  'Lane',
  'Drive',
  'Close',
  'Crescent',
  'Place',
  'Way',
  'Terrace',
  'Grove',
  'Court',
];
const TOWN = (
  'Springfield Riverton Fairhaven Ashbury Brookfield Cedarville Dunmore Eastwick Foxton Glenrock Harwood ' +
  'Ivybridge Kingsbury Lakewood Millbrook Newhaven Oakley Pinehurst Queensbury Redhill Stonebridge Thornbury Upton ' +
  'Westbury Yarmouth Ashton Bramley Chorley Denton Elmswell Farnley Greyfield Hollins Ilkley Keswick Lowther Marston ' +
  'Norbury Ormsby Prestwick Rushden Sandford Tetbury Ulverston Wexford Bexley Carlton Didsbury Evesham Filey'
).split(' ');
const VERB = [
  'Replace',
  'Repair',
  'Install',
  'Service',
  'Inspect',
  'Fit',
  'Unblock',
  'Check',
  'Quote for',
  'Remove',
  'Upgrade',
  'Test',
  'Clean',
  'Paint',
  'Seal',
];
const OBJECT = [
  'leaking kitchen tap',
  'boiler',
  'combi boiler',
  'radiator valves',
  'hot water cylinder',
  'blocked drain',
  'toilet cistern',
  'shower mixer',
  'consumer unit',
  'smoke alarms',
  'outdoor lighting',
  'ceiling fan',
  'extractor fan',
  'gutters and downpipes',
  'roof tiles',
  'flat roof membrane',
  'skylight',
  'double glazed window',
  'front door lock',
  'garden fence',
  'decking',
  'patio drainage',
  'air conditioning unit',
  'heat pump',
  'underfloor heating',
  'gas hob',
  'electric oven',
  'dishwasher plumbing',
  'washing machine outlet',
  'water softener',
  'sump pump',
  'septic tank',
  'solar panels',
  'EV charger',
  'garage door',
  'intercom',
  'fire alarm panel',
  'emergency lighting',
  'thermostat',
  'sink waste',
];
const PLACE = [
  'in the kitchen',
  'in the upstairs bathroom',
  'in the loft',
  'in the basement',
  'in the garage',
  'at the rear',
  'in the main office',
  'in unit 4',
  'on the first floor',
  'in the plant room',
  'in the staff toilets',
  'at the front entrance',
];
const EXTRA = [
  '',
  '',
  '',
  ' Customer reports intermittent fault.',
  ' Access via side gate.',
  ' Key safe code with office.',
  ' Follow-up from last visit.',
  ' Annual maintenance contract.',
  ' Urgent: no hot water.',
  ' Tenant to be present.',
  ' Parts on order.',
  ' Warranty job.',
  ' Bring ladder and dust sheets.',
  ' Call before arrival.',
];
const STATUS = ['Quote', 'Work Order', 'Work Order', 'Completed', 'Completed', 'Completed', 'Unsuccessful'];

/** mulberry32: small, fast and good enough for test data. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Words of `n` letters drawn from `letters`: a small alphabet makes near misses (typos) common. */
export function randomWords(random: () => number, letters: string): (n: number) => string {
  return (n) => Array.from({ length: n }, () => letters[Math.floor(random() * letters.length)]).join('');
}

function uuid(random: () => number): string {
  const hex = (n: number): string => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

function address(random: () => number): string {
  const unit = random() < 0.1 ? `Unit ${1 + Math.floor(random() * 20)}, ` : '';
  return `${unit}${1 + Math.floor(random() * 240)} ${pick(random, STREET)} ${pick(random, STREET_TYPE)}, ${pick(random, TOWN)}`;
}

function customerName(random: () => number): string {
  const r = random();
  if (r < 0.65) return `${pick(random, FIRST)} ${pick(random, LAST)}`;
  if (r < 0.85) return `${pick(random, LAST)} ${pick(random, TRADE)} ${pick(random, SUFFIX)}`;
  if (r < 0.95) return `${pick(random, BUSINESS)} ${pick(random, TRADE)} ${pick(random, SUFFIX)}`;
  return `${pick(random, BUSINESS)} ${pick(random, BIZ_KIND)}`;
}

/** `count` jobs for about count / `jobsPerCustomer` customers (4 by default; the emulator seeds
 * 20); job numbers from 10001 upwards. */
export function syntheticDocs(count: number, seed = 1, jobsPerCustomer = 4): SearchDoc[] {
  const random = createRandom(seed);
  const customers = Array.from({ length: Math.max(1, Math.round(count / jobsPerCustomer)) }, () => ({
    name: customerName(random),
    address: address(random),
  }));
  return Array.from({ length: count }, (_, i) => {
    const customer = pick(random, customers);
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 730) * 86_400_000);
    return {
      uuid: uuid(random),
      number: String(10001 + i),
      status: pick(random, STATUS),
      customer: customer.name,
      address: random() < 0.8 ? customer.address : address(random),
      description: `${pick(random, VERB)} ${pick(random, OBJECT)} ${pick(random, PLACE)}.${pick(random, EXTRA)}`,
      date: `${day.toISOString().slice(0, 10)} 09:00:00`,
    };
  });
}
