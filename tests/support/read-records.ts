// Test records read by their real schemas, as the platform's answer is (lib/api/record-schema.ts): a record the schema
// would skip fails the test with its reason.

/** A reader of raw records through `record`'s parser. */
export function readRecord<R>(record: {
  parse(raw: unknown): { ok: true; value: R } | { ok: false; skipped: { reason: string } };
}) {
  return (raw: Record<string, unknown>): R => {
    const parsed = record.parse(raw);
    if (!parsed.ok) throw new Error(parsed.skipped.reason);
    return parsed.value;
  };
}

/** Uuids for test records, each new: 00000001-0000-4000-8000-000000000000, then …02, and so on. */
export function uuidSerial(): () => string {
  let serial = 0;
  return () => `${String(++serial).padStart(8, '0')}-0000-4000-8000-000000000000`;
}
