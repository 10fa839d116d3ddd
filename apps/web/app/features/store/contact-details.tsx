import { phonePrefix } from '@stashblog/contract/storefront-limits';
import { ContactForm } from './contact-form';
import { SocialLinks } from './social-links';
import type { Store } from './use-store';

// SPEC Contact Us: "one placeholder number is hidden" — an unset or all-zero number is not shown.
const realPhone = (phone: string) => (/^\d{10}$/.test(phone) && !/^0+$/.test(phone) ? phone : null);

/** SPEC Contact Us: address, call us (+91), mail us, social links, contact form; template1 puts details on a coloured panel. */
export function ContactDetails({ store }: { store: Store }) {
  const { profile } = store;
  const phone = realPhone(profile.phoneNo);
  const items = [
    profile.address ? { title: 'Address', body: <p className="whitespace-pre-line">{profile.address}</p> } : null,
    phone
      ? {
          title: 'Call Us',
          body: (
            <a href={`tel:${phonePrefix}${phone}`} className="underline">
              {phonePrefix} {phone}
            </a>
          ),
        }
      : null,
    profile.email
      ? {
          title: 'Mail Us',
          body: (
            <a href={`mailto:${profile.email}`} className="break-all underline">
              {profile.email}
            </a>
          ),
        }
      : null,
  ].filter((x) => x !== null);

  const details = (
    <div className="flex flex-col gap-5">
      {items.map((i) => (
        <section key={i.title}>
          <h2 className="mb-1 font-semibold text-lg">{i.title}</h2>
          {i.body}
        </section>
      ))}
      <SocialLinks profile={profile} />
    </div>
  );
  const form = (
    <section aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="mb-4 font-semibold text-xl">
        Send us a message
      </h2>
      <ContactForm businessName={profile.businessName} />
    </section>
  );

  if (store.template1) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-8" data-variant="template1">
        <h1 className="mb-6 text-center font-bold text-3xl">Contact Us</h1>
        <div className="grid overflow-hidden rounded-xl border border-text/10 md:grid-cols-[2fr_3fr]">
          <div className="bg-primary p-6 text-on-primary">{details}</div>
          <div className="p-6">{form}</div>
        </div>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 font-bold text-3xl">Contact Us</h1>
      <div className="grid gap-10 md:grid-cols-2">
        {details}
        {form}
      </div>
    </main>
  );
}
