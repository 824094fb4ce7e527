// Records and databases for the cache's unit tests (not shipped code paths, not a test file).
import { toUuid, type Uuid } from '../../../contracts/uuid';
import type { Company, Job, Vendor } from '../../api/schemas';
import { openJobCache, type JobCache } from '../store/job-cache';
import { openCacheDb } from '../store/schema';

let dbCounter = 0;

/** A cache in a database no other test uses. */
export async function freshCache(version?: number): Promise<JobCache> {
  return openJobCache(await openCacheDb(`test-cache-${Date.now()}-${++dbCounter}`, version));
}

/** A uuid whose last 12 hex digits are `n`, so tests can read which record is which. */
export function uuidOf(kind: 'job' | 'company', n: number): Uuid {
  const prefix = kind === 'job' ? '00000000-0000-4000-8000' : '11111111-0000-4000-8000';
  return toUuid(`${prefix}-${n.toString(16).padStart(12, '0')}`);
}

export function makeJob(n: number, overrides: Partial<Job> = {}): Job {
  return {
    uuid: uuidOf('job', n),
    active: true,
    edit_date: `2026-01-${String((n % 28) + 1).padStart(2, '0')} 09:00:00`,
    generated_job_id: String(1000 + n),
    status: 'Work Order',
    date: `2026-02-${String((n % 28) + 1).padStart(2, '0')} 08:00:00`,
    company_uuid: uuidOf('company', n % 7),
    job_address: `${n} Elm Street`,
    job_description: `Job ${n}`,
    work_done_description: '',
    purchase_order_number: '',
    category_uuid: null,
    queue_uuid: null,
    created_by_staff_uuid: null,
    geo_is_valid: false,
    lat: null,
    lng: null,
    badges: [],
    total_invoice_amount: null,
    completion_date: null,
    ...overrides,
  };
}

export function makeCompany(n: number, overrides: Partial<Company> = {}): Company {
  return {
    uuid: uuidOf('company', n),
    active: true,
    edit_date: '2026-01-01 09:00:00',
    name: `Customer ${n}`,
    address: `${n} Oak Road`,
    billing_address: '',
    is_individual: false,
    parent_company_uuid: null,
    badges: [],
    ...overrides,
  };
}

/** The account's business (the vendor), in Sydney unless told otherwise. */
export function makeVendor(overrides: Partial<Vendor> = {}): Vendor {
  return {
    uuid: uuidOf('company', 999),
    active: true,
    edit_date: null,
    name: 'Acme',
    timezone_name: 'Australia/Sydney',
    default_region: 'AU',
    currency: 'AUD',
    email: '',
    website: '',
    ...overrides,
  };
}

export const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
