import type { AccountInfo, StaffInfo } from '../../server/emulator/contracts';

// Who works in the benchmark's business, and how each person's browser meets Fieldside, split as a real business
// would be: most paired from the job card ("Use Fieldside in this browser", so the platform vouches for them), some
// who only said who they are (self-declared: the companion never gives them a record), some who never opened it.
// The office (and the administrator) sit at the platform's web app all day, where the job card is: all paired. The
// technicians make up the rest of each share.

export type Fate = 'paired' | 'declared' | 'never';
export type Role = 'administrator' | 'office' | 'technician';

export interface Person {
  staff: StaffInfo;
  role: Role;
  fate: Fate;
  /** Searches customers (the popup's search, the new job's caller and sender lookup) in a week: the office and
   * the administrator (phone and inbox, every day), and a share of the technicians (CUSTOMER_SEARCHERS). */
  searchesCustomers: boolean;
}

export const SPLIT = { paired: 0.7, declared: 0.2, never: 0.1 } as const;

/** The share of technicians who search customers in a week (a guess, not a measurement: a technician's popup finds
 * their jobs by number, address and customer name without contacts; a call from an unknown number is the case for
 * the rest). BUDGET_CUSTOMER_SEARCHERS=1 measures every technician as one. */
export const CUSTOMER_SEARCHERS = Number(process.env.BUDGET_CUSTOMER_SEARCHERS ?? 1 / 3);

/** The business of `size` people: one administrator, four office, the rest technicians. */
export function staffPlan(size: number): { administrator: number; office: number; technician: number } {
  return { administrator: 1, office: 4, technician: size - 5 };
}

export function peopleOf(account: AccountInfo, size: number): Person[] {
  const plan = staffPlan(size);
  const active = account.staff.filter((s) => s.active);
  const byRole = (roles: string[]) => active.filter((s) => roles.includes(s.role));
  const office = byRole(['office']);
  const technicians = byRole(['technician', 'subcontractor']);
  const never = Math.round(size * SPLIT.never);
  const declared = Math.round(size * SPLIT.declared);
  const techFate = (i: number): Fate => (i < never ? 'never' : i < never + declared ? 'declared' : 'paired');
  return [
    { staff: byRole(['administrator'])[0]!, role: 'administrator', fate: 'paired', searchesCustomers: true },
    // The seeded account has one office manager; the other office browsers see what she sees.
    ...Array.from({ length: plan.office }, (_, i): Person => ({
      staff: office[i % office.length]!,
      role: 'office',
      fate: 'paired',
      searchesCustomers: true,
    })),
    ...Array.from({ length: plan.technician }, (_, i): Person => ({
      staff: technicians[i % technicians.length]!,
      role: 'technician',
      fate: techFate(i),
      // Spread evenly over the fates: every k-th technician.
      searchesCustomers: CUSTOMER_SEARCHERS > 0 && i % Math.max(1, Math.round(1 / CUSTOMER_SEARCHERS)) === 0,
    })),
  ];
}
