// CPU time of each thread of the bench's Chromium, read from /proc (Linux), for a figure steadier than wall time on
// a shared machine: the worker's thread during the sync against the floor page's thread during each floor run.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU ms by "process type/thread name" (a thread name as the kernel keeps it: 15 characters). */
export type ThreadCpu = Map<string, number>;

/** The worker's thread and an extension page's main thread (both in the extension's renderer). */
export const WORKER_THREAD = 'renderer-ext/ServiceWorker t';
export const PAGE_THREAD = 'renderer-ext/chromium';

const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** Chromium rewrites its children's command lines into one title, arguments separated by spaces. */
const argsOf = (pid: number): string[] => read(`/proc/${pid}/cmdline`).split(/[\0 ]/);

/** Reads the CPU of every thread of the Chromium that loaded `extensionDir`; null where /proc is not there. */
export function threadCpuReader(extensionDir: string): (() => ThreadCpu) | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const root = pids.find((pid) => {
    const args = argsOf(Number(pid));
    return args.includes(`--load-extension=${extensionDir}`) && !args.some((a) => a.startsWith('--type='));
  });
  if (root === undefined) return null;
  return () => snapshot(Number(root));
}

function snapshot(root: number): ThreadCpu {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const out: ThreadCpu = new Map();
  for (const queue = [root]; queue.length > 0;) {
    const pid = queue.pop()!;
    queue.push(...(children.get(pid) ?? []));
    const args = argsOf(pid);
    const type =
      (args.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser') +
      (args.includes('--extension-process') ? '-ext' : '');
    let threads: string[] = [];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (stat === '') continue;
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, in clock ticks of 10 ms.
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      out.set(`${type}/${name}`, (out.get(`${type}/${name}`) ?? 0) + ms);
    }
  }
  return out;
}

/** CPU ms `thread` used between two snapshots. */
export const cpuBetween = (before: ThreadCpu, after: ThreadCpu, thread: string): number =>
  (after.get(thread) ?? 0) - (before.get(thread) ?? 0);
