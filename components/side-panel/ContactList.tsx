import type { JobDetail } from '@/lib/messaging/job-views';
import { MailIcon } from '../icons/mail';
import { UserIcon } from '../icons/user';
import { PhoneLink } from './PhoneLink';

/** A plain e-mail address (one @, no spaces or link syntax) becomes a `mailto:` link; anything else stays text. */
function mailtoOf(email: string): string | null {
  return /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(email) ? `mailto:${email}` : null;
}

/** A job's contacts: whom to call on site first, then the client's; numbers and e-mail are links. */
export function ContactList({ contacts }: { contacts: JobDetail['contacts'] }) {
  return (
    <section aria-labelledby="contacts-title" class="job-section">
      <h3 id="contacts-title" class="eyebrow">
        Contacts
      </h3>
      <ul class="contacts list-plain card">
        {contacts.map((c, i) => {
          const mailto = c.email ? mailtoOf(c.email) : null;
          return (
            <li key={i} data-contact-role={c.role}>
              <UserIcon size={14} />
              <div class="contact-body">
                <div>
                  <span class="contact-role">{c.role === 'site' ? 'Site contact' : 'Client contact'}:</span>{' '}
                  <span class="contact-name">{c.name}</span>
                </div>
                <div class="contact-ways">
                  {c.phones.map((p) => (
                    <PhoneLink key={p.text} phone={p} name={c.name} />
                  ))}
                  {c.email &&
                    (mailto ? (
                      <a href={mailto} class="contact-email" aria-label={`E-mail ${c.name} at ${c.email}`}>
                        <MailIcon size={14} />
                        {c.email}
                      </a>
                    ) : (
                      <span class="contact-email">{c.email}</span>
                    ))}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
