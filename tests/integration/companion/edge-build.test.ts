import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEdge, bundleEdge, checkEdgeUsesWebApisOnly } from '../../../server/companion/build-edge';

// `npm run companion:build:edge`: one ES module an edge runtime can load, holding nothing that needs Node. The
// bundle is run on a real edge runtime in edge-workerd.test.ts.

const dir = mkdtempSync(join(tmpdir(), 'fieldside-edge-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixture(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

describe('the edge build', () => {
  it('bundles the edge entry into one self-contained ES module, without the Redis TCP client', async () => {
    const bundle = await bundleEdge({ outfile: join(dir, 'companion.mjs') });
    expect(bundle.inputs).toEqual(
      expect.arrayContaining([
        'server/companion/edge.ts',
        'server/companion/feed/store/redis-rest-store.ts',
        // Each store written once, over whichever way Redis is reached (redis-commands.ts).
        'server/companion/feed/store/redis-store.ts',
        'server/companion/addon/store/redis-store.ts',
        'server/companion/limits/redis-limit-store.ts',
      ]),
    );
    expect(
      bundle.inputs.filter((input) =>
        /ioredis|redis-connection\.ts|redis-node-store\.ts|redis-watcher\.ts|create-store\.ts|create-limit-store\.ts|node-stores/.test(
          input,
        ),
      ),
    ).toEqual([]);
    const code = readFileSync(bundle.outfile, 'utf8');
    expect(code).toMatch(/export\s*\{[^}]*as default/);
    expect(code).not.toMatch(/\bfrom\s*["']|\brequire\(\s*["']|import\(\s*["']/);
  });

  it('refuses an import of a Node built-in, naming it and where it is', async () => {
    const entry = fixture(
      'uses-node.ts',
      "import { createHash } from 'node:crypto';\nimport { EventEmitter } from 'events';\nexport default { fetch: () => new Response(createHash('sha1').update(String(new EventEmitter())).digest('hex')) };\n",
    );
    const failure = bundleEdge({ entry, outfile: join(dir, 'uses-node.mjs') });
    await expect(failure).rejects.toThrow(
      /uses-node\.ts:1: "node:crypto" is a Node built-in, which an edge runtime does not have/,
    );
    await expect(failure).rejects.toThrow(/uses-node\.ts:2: "events" is a Node built-in/);
  });

  it("refuses Node's globals in code it bundles, naming each", () => {
    const entry = fixture(
      'uses-globals.ts',
      "export const digest = Buffer.from('x').toString('hex') + (process.env.X ?? '');\n",
    );
    expect(() => checkEdgeUsesWebApisOnly({ entry })).toThrow(
      /uses-globals\.ts\(1,23\): error TS\d+: Cannot find name 'Buffer'/,
    );
    expect(() => checkEdgeUsesWebApisOnly({ entry })).toThrow(/Cannot find name 'process'/);
  });

  it('builds the companion as `npm run companion:build:edge` does: Web APIs only, then the bundle', async () => {
    const bundle = await buildEdge({ outfile: join(dir, 'whole.mjs') });
    expect(bundle.bytes).toBeGreaterThan(0);
  });
});
