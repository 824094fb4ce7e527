/** The extension build to load: the e2e build (undefined), or a private one for local iteration
 * (FIELDSIDE_E2E_EXTENSION_DIR), so that parallel `wxt build`s elsewhere cannot swap it mid-run. */
export const extensionDir = (): string | undefined => process.env.FIELDSIDE_E2E_EXTENSION_DIR || undefined;
