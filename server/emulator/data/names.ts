// Word lists for realistic seeded data. Latin-1 only: one character outside it doubles V8's string memory.

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Charlotte',
  'Noah',
  'Amelia',
  'Jack',
  'Isla',
  'William',
  'Mia',
  'Oliver',
  'Ava',
  'Henry',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Zoe',
  'James',
  'Ruby',
  'Ethan',
  'Harper',
  'Samuel',
  'Ella',
  'Leo',
  'Priya',
  'Mateo',
  'Aisha',
  'Kenji',
  'Sofia',
  'Tariq',
  'Nina',
  'Declan',
];

export const LAST_NAMES = [
  'Smith',
  'Nguyen',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davies',
  'Patel',
  'Campbell',
  'Clarke',
  'Murphy',
  "O'Connor",
  'Fraser',
  'Singh',
  'Costa',
  'Muller',
  'Okafor',
  'Rossi',
];

export const BUSINESS_WORDS = [
  'Harbour',
  'Summit',
  'Greenfield',
  'Riverside',
  'Oakwood',
  'Bayview',
  'Northgate',
  'Parkside',
  'Hillcrest',
  'Lakeside',
  'Redgum',
  'Ironbark',
  'Seaside',
  'Westfield',
  'Kingsway',
  'Bluestone',
  'Silverleaf',
  'Pinecrest',
];

export const BUSINESS_KINDS = [
  'Dental',
  'Cafe',
  'Bakery',
  'Motors',
  'Veterinary Clinic',
  'Property Group',
  'Medical Centre',
  'Hotel',
  'Real Estate',
  'Primary School',
  'Fitness',
  'Pharmacy',
  'Strata Management',
  'Childcare',
  'Brewing Co.',
  'Physiotherapy',
  'Hardware',
  'Bistro',
];

/** What a business in the account's country calls its streets and itself: a Manchester customer on "Pitt St" or
 * trading as "Pty Ltd" would be a Sydney one. Each list is picked from with one draw, so the rest of a seed is
 * unchanged whichever the country (Brightline's "Port Sydney" and "Mount Sydney" were no places either). */
export interface RegionalNames {
  streetNames: readonly string[];
  streetKinds: readonly string[];
  businessSuffixes: readonly string[];
  /** The places around the account's city its customers live in. */
  suburbs: readonly string[];
}

const AUSTRALIAN: RegionalNames = {
  streetNames: [
    'George',
    'King',
    'Queen',
    'Elizabeth',
    'Victoria',
    'High',
    'Church',
    'Station',
    'Park',
    'Bridge',
    'Mill',
    'Ocean',
    'Hill',
    'Marine',
    'Forest',
    'Albert',
    'Railway',
    'Beach',
    'Pitt',
    'Macquarie',
  ],
  streetKinds: ['St', 'Rd', 'Ave', 'Pde', 'Lane', 'Cres', 'Dr', 'Way'],
  businessSuffixes: ['', ' Pty Ltd', ' & Co', ' Group', ' Ltd'],
  suburbs: ['North Sydney', 'Surry Hills', 'Parramatta', 'Chatswood', 'Bondi', 'Marrickville', 'Randwick'],
};

const BRITISH: RegionalNames = {
  streetNames: [
    'Oxford',
    'Deansgate',
    'Wilmslow',
    'Princess',
    'Portland',
    'Market',
    'Church',
    'Station',
    'Mill',
    'Moss',
    'Palatine',
    'Burton',
    'Wellington',
    'Albert',
    'Victoria',
    'Clarendon',
    'Ashfield',
    'Beech',
    'Hawthorn',
    'Lapwing',
  ],
  streetKinds: ['Road', 'Street', 'Lane', 'Avenue', 'Close', 'Way', 'Grove', 'Terrace'],
  businessSuffixes: ['', ' Ltd', ' & Co', ' Group', ' Limited'],
  suburbs: ['Didsbury', 'Chorlton', 'Salford', 'Stockport', 'Levenshulme', 'Withington', 'Prestwich'],
};

export const regionalNames = (region: string): RegionalNames => (region === 'GB' ? BRITISH : AUSTRALIAN);

export const JOB_DESCRIPTIONS = [
  'Hot water system not heating, tenant reports lukewarm water only',
  'Blocked kitchen sink, water backing up into dishwasher',
  'Install new ceiling fan in main bedroom and replace switch',
  'Annual backflow prevention test and certification',
  'Leaking tap in ensuite, replace washers and cartridge',
  'Power outage to rear shed, RCD tripping intermittently',
  'Quote to replace switchboard with new RCBO board',
  'Gas leak smell near meter, urgent attendance required',
  'Roof leak above front entry after heavy rain',
  'Replace 6 downlights with LED and check wiring',
  'Toilet cistern running constantly, replace inlet valve',
  'Air conditioner not cooling, service and regas',
  'Smoke alarm compliance check, replace expired units',
  'Storm water drain blocked, CCTV inspection and jet',
  'Install dishwasher and connect to existing plumbing',
  'Security light on timer not working',
];

export const WORK_DONE = [
  'Attended site, diagnosed fault and replaced faulty part. Tested OK.',
  'Cleared blockage with electric eel, flushed line. Customer happy.',
  'Completed installation as quoted. Site left clean.',
  'Replaced element and thermostat, system heating correctly.',
  'Tested and tagged, certificate issued to customer.',
];

export const NOTE_TEXTS = [
  'Customer prefers a call 30 minutes before arrival.',
  'Gate code is 4721, dog in backyard is friendly.',
  'Parts ordered from supplier, ETA Thursday.',
  'Tenant will be home after 2pm only.',
  'Please bring ladder for high ceiling access.',
  'Spoke with property manager, approval given to proceed.',
  'Follow up in two weeks to check for recurring issue.',
  'Invoice to be sent to head office, not site.',
  'Access via rear lane, park on the street.',
  'Customer reported issue has returned, booking revisit.',
];

export const CATEGORY_NAMES = [
  'Plumbing',
  'Electrical',
  'Gas Fitting',
  'Air Conditioning',
  'Drainage',
  'Maintenance',
  'Emergency',
];
export const CATEGORY_COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2'];

export const BADGE_NAMES = ['Warranty', 'VIP', 'Urgent', 'Follow Up', 'Key Safe', 'Dog on Site', 'Strata'];
