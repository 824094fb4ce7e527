import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import { PRODUCT_COMPANION_URL } from '../../contracts/platform-hosts';
import { ADDON_EVENTS } from './addon/events';
import { FIELDSIDE_SUBSCRIPTIONS } from './feed/subscriptions/subscriptions';
import { ICON_PNG_BASE64 } from './pages/icon';

// The add-on manifest, held to the platform's shape (its official samples: servicem8/addon-sdk-samples,
// showcase-addon/manifest.json and app-actions-addon-nodejs/manifest.json, each with a support e-mail and an icon
// per action), and to the companion: the events it declares are the ones the event URL serves, its URLs are under
// the product's companion, and the icon it names is the one the companion serves.

const HERE = import.meta.dirname;
const manifest: unknown = JSON.parse(readFileSync(resolve(HERE, 'addon-manifest.json'), 'utf8'));
const https = z.url({ protocol: /^https$/ });

const ManifestSchema = z.strictObject({
  name: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+$/),
  iconURL: https,
  supportURL: https,
  // Every official sample has one, and the store listing asks for it.
  supportEmail: z.email(),
  actions: z.array(
    z.strictObject({
      name: z.string().min(1),
      type: z.enum(['online', 'app']),
      entity: z.enum(['job', 'company']),
      iconURL: https,
      event: z.string().regex(/^[a-z0-9_]+$/, 'the platform sends event names in lower case'),
    }),
  ),
  // The official webhook-addon sample's shape.
  webhooks: z.array(z.strictObject({ object: z.string().min(1), fields: z.array(z.string().min(1)).min(1) })),
});

describe('addon-manifest.json', () => {
  const parsed = ManifestSchema.parse(manifest);

  it("has the platform's shape: name, version, icon and support under the product's companion", () => {
    expect(parsed.name).toBe('Fieldside');
    expect(parsed.supportEmail).toBe('support@fieldside.app');
    for (const url of [parsed.iconURL, parsed.supportURL, ...parsed.actions.map((a) => a.iconURL)])
      expect(url.startsWith(`${PRODUCT_COMPANION_URL}/`)).toBe(true);
    expect(parsed.iconURL).toBe(`${PRODUCT_COMPANION_URL}${COMPANION_PATHS.addonIcon}`);
  });

  it('declares "Fieldside" on the job card in the web app and in the mobile apps, with the events the companion serves', () => {
    expect(parsed.actions.map(({ name, type, entity, event }) => ({ name, type, entity, event }))).toEqual([
      { name: 'Fieldside', type: 'online', entity: 'job', event: ADDON_EVENTS.web },
      { name: 'Fieldside', type: 'app', entity: 'job', event: ADDON_EVENTS.phone },
    ]);
  });

  it("declares the webhooks that bring an activated account's changes, signed: the fields Fieldside shows", () => {
    expect(parsed.webhooks).toEqual(
      FIELDSIDE_SUBSCRIPTIONS.map(({ object, fields }) => ({ object, fields: [...fields] })),
    );
  });

  it("names the icon the companion serves, which is the extension's own", () => {
    const asset = readFileSync(resolve(HERE, '../../assets/icon-128.png'));
    expect(Buffer.from(ICON_PNG_BASE64, 'base64').equals(asset)).toBe(true);
  });
});
