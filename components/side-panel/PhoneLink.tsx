import type { PhoneView } from '@/lib/messaging/views';
import { LandlineIcon } from '../icons/landline';
import { PhoneIcon } from '../icons/phone';

const KIND = { mobile: 'mobile', landline: 'landline', phone: 'phone' } as const;

/** A number to call, as the background formatted it: the mobile's icon for a mobile, a handset for a
 * landline or a number of unknown kind; a link only to a `tel:` URI (the view's, checked again). */
export function PhoneLink({ phone, name, field }: { phone: PhoneView; name: string; field?: string }) {
  const Icon = phone.kind === 'mobile' ? PhoneIcon : LandlineIcon;
  const tel = phone.tel && /^tel:\+?\d+$/.test(phone.tel) ? phone.tel : null;
  const label = `Call ${name}${phone.kind === 'phone' ? '' : ` (${KIND[phone.kind]})`} on ${phone.text}`;
  return tel ? (
    <a href={tel} class="phone-link" data-field={field} data-kind={phone.kind} aria-label={label}>
      <Icon size={14} />
      {phone.text}
    </a>
  ) : (
    <span class="phone-link" data-field={field} data-kind={phone.kind}>
      <Icon size={14} />
      {phone.text}
    </span>
  );
}
