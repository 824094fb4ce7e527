import { describe, expect, it } from 'vitest';
import type { RecordChange } from '../contracts';
import { buildNotification } from './notification';

// changed_fields of a record just created (the createdFields switch): `set` names every field the new record
// holds a value in, the platform's own (a job's number) included; `given` only what its writer sent.

const JOB = '0b6d3c2e-1f4a-4c8e-9a55-2f7d1e0c9b11';
const created: RecordChange = {
  accountUuid: 'a',
  recordType: 'job',
  uuid: JOB,
  changedFields: ['job_address'],
  at: Date.UTC(2026, 10, 24, 9, 0, 0),
  record: {
    uuid: JOB,
    active: 1,
    generated_job_id: '1043',
    status: 'Quote',
    job_address: '12 Harbour Rd',
    job_description: '',
  },
};
const watched = ['status', 'job_address', 'job_description', 'generated_job_id', 'active'];

describe('the notification of a record just created', () => {
  it('under `set` names every watched field the new record holds a value in, the job number included', () => {
    expect(buildNotification(created, watched, 'http://127.0.0.1:1', 'set')?.entry[0].changed_fields.sort()).toEqual([
      'active',
      'generated_job_id',
      'job_address',
      'status',
    ]);
  });

  it('under `given` names only the watched fields its writer sent', () => {
    expect(buildNotification(created, watched, 'http://127.0.0.1:1', 'given')?.entry[0].changed_fields).toEqual([
      'job_address',
    ]);
  });

  it('an update names the fields that changed, whatever the switch', () => {
    const update: RecordChange = {
      ...created,
      changedFields: ['status'],
      previous: { ...created.record!, status: 'Work Order' },
    };
    expect(buildNotification(update, watched, 'http://127.0.0.1:1', 'set')?.entry[0].changed_fields).toEqual([
      'status',
    ]);
  });
});
