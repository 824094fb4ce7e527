// What the page writer's piece table answered before for a customer or an address (segment-writer.ts), so that most
// documents skip the hash of the text and the probe of the table (a cache miss each on a large account). An answer
// stays true: a piece keeps its id for the life of the table, and a shown piece is found by its original text.
// A customer's name is one string for all its jobs (the sync takes it from the company), whose hash V8 keeps once a
// Map has met it; a customer's jobs are mostly at a few addresses, each compared with those met lately.

/** Addresses remembered per customer: one name can be several companies (and sites) whose jobs come interleaved. */
const ADDRESSES = 4;

export class ShownMemo {
  private readonly customers = new Map<string, number>();
  /** From a customer's piece id * ADDRESSES on: addresses met with it lately, their piece ids; the next to go. */
  private readonly addresses: (string | undefined)[] = [];
  private readonly addressIds: number[] = [];
  private readonly nextAddress: number[] = [];

  /** The piece id of customer `name`, or -1. */
  customer(name: string): number {
    return this.customers.get(name) ?? -1;
  }

  setCustomer(name: string, id: number): void {
    this.customers.set(name, id);
  }

  /** The piece id of `address` when met lately with customer piece `customer`, or -1. */
  address(customer: number, address: string): number {
    const from = customer * ADDRESSES;
    for (let k = from; k < from + ADDRESSES; k++) if (this.addresses[k] === address) return this.addressIds[k]!;
    return -1;
  }

  setAddress(customer: number, address: string, id: number): void {
    const next = this.nextAddress[customer] ?? 0;
    this.addresses[customer * ADDRESSES + next] = address;
    this.addressIds[customer * ADDRESSES + next] = id;
    this.nextAddress[customer] = (next + 1) % ADDRESSES;
  }
}
