import type { SeededSource } from './collection';
import { createRng, hash32, nameCode } from './prng';
import type { Rec } from './field-kinds';

// Photos the business took on its finished jobs before the emulator started: one attachment on every 20th
// completed job (at most 400), by a field worker, as the platform's apps attach them. Their files are a 1×1
// placeholder (data/files.ts): enough for a client to list, read and download one.

const EVERY = 20;
const MOST = 400;
const NAMES = ['Before.jpg', 'After.jpg', 'Meter reading.jpg', 'Switchboard.jpg', 'Finished work.jpg'];

export function seedAttachments(
  seed: number,
  accountIndex: number,
  jobs: SeededSource,
  fieldStaff: readonly string[],
  activeFieldCount: number,
): Rec[] {
  const rng = createRng(hash32(seed, accountIndex, nameCode('attachment')));
  const out: Rec[] = [];
  for (let i = 0; i < jobs.count && out.length < MOST; i += EVERY) {
    const job = jobs.build(i);
    if (job.status !== 'Completed') continue;
    const day = String(job.completion_date).slice(0, 10);
    const stamp = day.startsWith('0000') ? String(job.edit_date) : `${day} 15:10:00`;
    out.push({
      uuid: rng.uuid(),
      active: 1,
      edit_date: stamp,
      related_object: 'job',
      related_object_uuid: String(job.uuid),
      attachment_name: NAMES[out.length % NAMES.length]!,
      file_type: '.jpg',
      created_by_staff_uuid: fieldStaff[out.length % Math.max(1, activeFieldCount)] ?? '',
      timestamp: stamp,
      attachment_source: '',
      tags: '',
      lng: 0,
      lat: 0,
      photo_width: '1',
      photo_height: '1',
      extracted_info: '',
      is_favourite: '0',
      class_name: '',
      metadata: '',
    });
  }
  return out;
}
