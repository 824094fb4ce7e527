import type { JobDetail } from '@/lib/messaging/views';
import { telUrl } from '@/lib/api/links';
import { PhoneIcon } from '../icons/phone';
import { UserIcon } from '../icons/user';

/** A job's contacts: whom to call on site first, then the client's; numbers are links to call. */
export function ContactList({ contacts }: { contacts: JobDetail['contacts'] }) {
  return (
    <section aria-labelledby="contacts-title" class="job-section">
      <h3 id="contacts-title" class="eyebrow">
        Contacts
      </h3>
      <ul class="contacts list-plain card">
        {contacts.map((c, i) => (
          <li key={i} data-contact-role={c.role}>
            <UserIcon size={14} />
            <div class="contact-body">
              <div>
                <span class="contact-role">{c.role === 'site' ? 'Site contact' : 'Client contact'}:</span>{' '}
                <span class="contact-name">{c.name}</span>
              </div>
              <div class="contact-ways">
                {[c.mobile, c.phone].map((p) => {
                  const tel = telUrl(p);
                  return tel && p ? (
                    <a href={tel} aria-label={`Call ${c.name} on ${p}`}>
                      <PhoneIcon size={13} />
                      {p}
                    </a>
                  ) : null;
                })}
                {c.email && <span class="contact-email">{c.email}</span>}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
