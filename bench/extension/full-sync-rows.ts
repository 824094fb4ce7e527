// The table rows of a full sync measured in rounds (sync-rounds.ts): the median round's time, split and CPU, its
// floor, the sync alone in the page, every round's ratio, and whether the cache equals the server.
import type { FullSyncRun, SyncChecks } from './sync-rounds';

type Row = [string, string, string, string];

const seconds = (ms: number) => (ms / 1000).toFixed(2);

export function fullSyncRows(run: FullSyncRun & SyncChecks, goals: { fullMs: number; fullVsFloor: number }): Row[] {
  const { rounds, median, full, floorMs, pipe, cached, server } = run;
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  const which = rounds.length === 1 ? 'one round' : `the median of ${rounds.length} rounds`;
  return [
    [
      `full sync (sign-in → synced), ${which}`,
      `${seconds(full.ms)} s (${full.status.pagesDone} pages; rounds ${rounds.map((r) => seconds(r.sync.ms)).join(', ')})`,
      `≤ ${goals.fullMs / 1000} s`,
      ok(full.ms <= goals.fullMs),
    ],
    [
      '  of which: sign-in → walk / walk / index+finish',
      `${full.startMs.toFixed(0)} / ${full.walkMs.toFixed(0)} / ${full.finishMs.toFixed(0)} ms (${full.split})`,
      '',
      '',
    ],
    [
      '  then: synced → customers stored (in the background)',
      `${seconds(median.customersMs)} s (polled every 50 ms)`,
      '',
      '',
    ],
    [
      'floor (fetch+parse+store segments): the two beside it',
      `${seconds(floorMs)} s (runs ${median.floors.map((f) => seconds(f.ms)).join(', ')}; ${median.floors[0].pages} pages)`,
      '',
      '',
    ],
    [
      'lib/cache sync alone in the page: total / walk / finish',
      `${seconds(pipe.ms)} s / ${seconds(pipe.walkMs)} s / ${pipe.finishMs.toFixed(0)} ms (${pipe.jobs} jobs)`,
      '',
      '',
    ],
    [
      'walk / floor (extension; page-only)',
      `${(full.walkMs / floorMs).toFixed(2)}× ; ${(pipe.walkMs / floorMs).toFixed(2)}×`,
      '',
      '',
    ],
    [
      'rounds: sync / its floors (s)',
      rounds
        .map((r) => `${seconds(r.sync.ms)} / ${r.floors.map((f) => seconds(f.ms)).join(' ')} = ${r.ratio.toFixed(2)}×`)
        .join('; '),
      '',
      '',
    ],
    [
      `full sync / floor, ${which}`,
      `${median.ratio.toFixed(2)}×`,
      `≤ ${goals.fullVsFloor}×`,
      ok(median.ratio <= goals.fullVsFloor),
    ],
    ...(rounds.some((r) => r.cpu === null)
      ? []
      : ([
          [
            'CPU ms: worker thread (sync) / floor page thread (each floor), by round',
            `${rounds.map((r) => `${r.cpu!.sync} / ${r.cpu!.floors.join(' ')}`).join('; ')} (10 ms ticks)`,
            '',
            '',
          ],
        ] as Row[])),
    [
      'cache equals server',
      `${cached.count} jobs, hash ${cached.hash === server.hash ? 'equal' : 'DIFFERENT'}, dupes ${cached.count - cached.distinct}`,
      `${server.count} jobs`,
      ok(cached.hash === server.hash),
    ],
  ];
}
