// The cache's schema version, apart from the schema (schema.ts) so that the popup's reader, which never opens the
// cache through idb, can tell a cache it knows how to read from one a newer build wrote, without loading the schema.
export const DB_VERSION = 6;
