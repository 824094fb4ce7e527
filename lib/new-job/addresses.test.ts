import { describe, expect, it } from 'vitest';
import { customerAddresses, oneLine } from './addresses';

// The addresses a new job for a known customer is offered: the customer's own, then their jobs' sites, newest job
// first, each place once however it was written, at most five, on one line as the form's field takes them.

const job = (number: number, address: string, active = true) => ({
  generated_job_id: String(number),
  job_address: address,
  active,
});

describe('a customer’s likely addresses', () => {
  it('are the customer’s own address, then their jobs’ sites, newest job first', () => {
    expect(
      customerAddresses({ address: '173 Beach Ave\nSydney NSW 2224' }, [
        job(4976, '9 Wren Street\nFitzroy VIC 3065'),
        job(5247, '3/27 King St\nNewtown NSW 2042'),
      ]),
    ).toEqual(['173 Beach Ave, Sydney NSW 2224', '3/27 King St, Newtown NSW 2042', '9 Wren Street, Fitzroy VIC 3065']);
  });

  it('name each place once, however it was written, and leave out deleted jobs and empty addresses', () => {
    expect(
      customerAddresses({ address: '173 Beach Ave\nSydney NSW 2224' }, [
        job(10, '173 beach ave,  Sydney NSW 2224'),
        job(11, ''),
        job(12, '1 Gone Road\nNowhere', false),
        job(13, '  \n '),
      ]),
    ).toEqual(['173 Beach Ave, Sydney NSW 2224']);
  });

  it('are at most five, and the jobs’ alone when the customer has no address or is not cached', () => {
    const jobs = Array.from({ length: 8 }, (_, i) => job(i + 1, `${i + 1} Long Street`));
    expect(customerAddresses(undefined, jobs)).toEqual([
      '8 Long Street',
      '7 Long Street',
      '6 Long Street',
      '5 Long Street',
      '4 Long Street',
    ]);
    expect(customerAddresses({ address: '' }, [])).toEqual([]);
  });

  it('are written on one line, lines joined by commas, spaces tidied', () => {
    expect(oneLine(' 12 Banksia  Street \r\n\n Northcote VIC 3070 ')).toBe('12 Banksia Street, Northcote VIC 3070');
  });
});
