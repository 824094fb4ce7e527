import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// One source, two browsers. The manifest is completed by the extension issue
// (fixed ids, least permissions, host permissions for the configured servers).
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  outDir: '.output',
  vite: () => ({ plugins: [preact()] }),
  zip: { excludeSources: ['**/*'] },
  manifest: {
    name: 'Fieldside',
    description: 'Your jobs, notes and badges beside the job-management platform, online or not.',
  },
});
