// The customer index's face: the background builds it, the popup loads and searches it.
export { buildCustomerIndex, phoneKeysOf, type PhoneKeyOf } from './build';
export {
  CustomerIndexFormatError,
  jobsOf,
  loadCustomerIndex,
  peopleOf,
  searchCustomers,
  type CustomerQuery,
} from './query';
export * from './types';
