// Finding yourself in the account's staff as you type: by name, e-mail or role, ignoring case and
// accents ("zoe" finds Zoë), every word of the query somewhere in them.

export interface FilterableStaff {
  name: string;
  email: string;
  role: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The staff whose name, e-mail or role holds every word of `query`, in the list's order. */
export function filterStaff<T extends FilterableStaff>(staff: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...staff];
  return staff.filter((s) => {
    const text = fold(`${s.name} ${s.email} ${s.role}`);
    return words.every((w) => text.includes(w));
  });
}
