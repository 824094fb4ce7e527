// A hand-made contact for the customer index's tests: an active person with no numbers and no e-mail but those given.
import type { SourceContact } from '../customers/types';

export const sourceContact = (
  uuid: string,
  kind: 'company' | 'job',
  owner: string,
  fields: Partial<SourceContact>,
): SourceContact => ({
  uuid,
  kind,
  owner,
  first: '',
  last: '',
  phone: '',
  mobile: '',
  email: '',
  active: true,
  ...fields,
});
