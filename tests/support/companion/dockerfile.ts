// A reader of the companion's Dockerfile, enough for tests to check what it names: its stages, and each
// instruction's keyword and arguments (continuation lines joined, comments dropped). Docker itself is not
// available where the tests run, so this is how the file is held to the repository.

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  /** The image it starts from. */
  from: string;
  /** `AS <name>`, if any. */
  name: string | undefined;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    current += (current ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (!line.endsWith('\\')) {
      logical.push(current);
      current = '';
    }
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', as, name] = args.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** The arguments of one stage's instructions with this keyword. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/** `COPY [--from=x] src… dest` → its options, sources and destination. */
export function parseCopy(args: string): { from: string | undefined; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  const options = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = options.find((o) => o.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? '' };
}

/** The JSON array form of CMD or HEALTHCHECK's CMD: the command's words. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
}
