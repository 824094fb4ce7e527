import { z } from 'zod';

/** A record's uuid as Fieldside keeps it: lower-case, the one spelling every key, index and comparison uses. The
 * platform's uuids are case-insensitive; a page, a person or an old record may write them in capitals. */
export type Uuid = string & { readonly __brand: 'Uuid' };

/** A uuid's shape, in any case: the one declaration every check of one uses. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid Fieldside already holds (a cache key, a record it made), as a Uuid. */
export const toUuid = (text: string): Uuid => text.toLowerCase() as Uuid;

/** A uuid in any case, kept lower-case: where a uuid enters from outside (a message, a page), it is made a Uuid
 * once. */
export const UuidSchema = z.string().regex(UUID_PATTERN, 'a record uuid').transform(toUuid);

/** A record's own uuid as a platform answer gives it, as a Uuid. Its shape is not checked: a record the platform
 * answered is never refused for it (it only keys a lookup). */
export const PlatformUuidSchema = z.string().transform(toUuid);
