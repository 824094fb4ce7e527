import { build } from 'vite';
import { resolve } from 'node:path';

// The in-page probe as one IIFE string, for page.evaluate (CDP evaluation is not subject to the
// extension page's CSP, which forbids inline scripts and eval). `entry`: another probe's file.
export async function bundleProbe(entry = resolve(import.meta.dirname, 'probe.ts')): Promise<string> {
  const root = resolve(import.meta.dirname, '../..');
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@': root } },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'fieldsideBenchProbe' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Array<{
    output: Array<{ type: string; code?: string }>;
  }>;
  const chunk = outputs[0]?.output.find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error('Could not bundle the bench probe');
  return chunk.code;
}
