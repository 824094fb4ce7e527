// Where customers and jobs sit in the one list the popup shows: customers above the jobs, except
// when the query is a job's number, which puts that job first (a customer whose number or name
// happens to hold the same digits comes after it).

/** The digits of a query written as a job number ("1042", "#1042"), else null. */
export function jobNumberOf(query: string): string | null {
  const found = /^#?\s*(\d+)$/.exec(query.trim());
  return found ? found[1]! : null;
}

export interface ResultOrder {
  /** Where the first customer and the first job sit in the list. */
  customerAt: number;
  jobAt: number;
}

export function resultOrder(customers: number, jobs: number, jobsFirst: boolean): ResultOrder {
  return jobsFirst ? { customerAt: jobs, jobAt: 0 } : { customerAt: 0, jobAt: customers };
}

/** The item at list position `i`: a customer's or a job's index, or null. */
export function itemAt(
  order: ResultOrder,
  i: number,
  customers: number,
  jobs: number,
): { customer: number } | { job: number } | null {
  const c = i - order.customerAt;
  if (c >= 0 && c < customers) return { customer: c };
  const j = i - order.jobAt;
  if (j >= 0 && j < jobs) return { job: j };
  return null;
}
