// Fixed identities of the extension, shared by the build config, `npm start` and the tests.
//
// The Chrome id is pinned by the public key in the manifest (`manifest.key`); without it the id of an
// unpacked build depends on its folder's path, and so would the identity redirect URL
// `https://<id>.chromiumapp.org/` that the companion must allow-list. The private half of the key pair
// was generated once with node:crypto (RSA-2048) and is not kept: Chrome needs only the public key to
// derive the id, and the stores sign uploads with their own keys.
//
// id = first 32 hex digits of SHA-256(DER SubjectPublicKeyInfo), each digit mapped 0-f → a-p.

/** Base64 DER SubjectPublicKeyInfo of the RSA-2048 key that pins the Chrome extension id. */
export const CHROME_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEApB6PK/gh4Wh6Rpgzoyt8rSo22forlAE1H2fpMpk6XZJGLbgLdjxr3zYAtmR7RXIq5gnz+k5GNPnaQS0zu/vpwIkawnPZzYK1buV0XdXU3aia3/yfJVCGlbgNooTN/JCmMnkTf0HIpoUVswNSsfUjOsxyEPcPSPL45cE0IpyBZWkKGOMiAWg97uGyoE4Ukenqm60hUnzv+Ov6gkYS2yjPGSQimfyqsLzSxAIuAEhp83a7TSTEYkVAMjx0LMsffCm3rpU/iT5JZXDIFU/DvQR8GLVAXcF7+A1ImFIfD7vLh9OnBQD+0sYwkSW5IUR0c8S44wKaURDmoW1YJ+UA7CJSMQIDAQAB';

/** The Chrome extension id that CHROME_PUBLIC_KEY gives (checked by tests/unit/extension-ids.test.ts). */
export const CHROME_EXTENSION_ID = 'oiabnejaggoobcbkjnlidfgfieafjagp';

/** Firefox add-on id (browser_specific_settings.gecko.id). */
export const GECKO_ID = 'fieldside@fieldside.app';

/** Firefox's identity redirect host is the SHA-1 hex of the add-on id: https://<this>.extensions.allizom.org/ */
export const GECKO_REDIRECT_HOST = '3b84b076fcd1a37f556f6f6e5a984e06b031810d.extensions.allizom.org';
