import { Link } from 'react-router';
import { about, contact, features, mission, trust } from './content';
import { FeatureCards } from './feature-cards';
import { Icon } from './icons';
import { Section, SectionHeading } from './section';
import { ServicesGrid } from './services-grid';

// SPEC "Marketing home": intro, about, trust, mission, contact, services, 'Get Started' (and the feature cards).
export function MarketingHome() {
  return (
    <main>
      <Hero />
      <Section id="about" tone="white">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <SectionHeading eyebrow="About us" title="One home for everything you sell" />
          <p className="text-lg text-slate-600 leading-8">{about}</p>
        </div>
      </Section>
      <Section id="trust" tone="tint">
        <SectionHeading eyebrow="Why StashBlog" title="Businesses trust us to show their best" centred />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {trust.map((t) => (
            <li key={t.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-white">
                <Icon name={t.title} />
              </span>
              <h3 className="mt-5 font-semibold text-lg text-slate-900">{t.title}</h3>
              <p className="mt-2 text-slate-600 leading-7">{t.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <section id="mission" aria-labelledby="mission-title" className="bg-slate-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
          <p className="font-semibold text-indigo-300 text-sm uppercase tracking-widest">Our mission</p>
          <h2 id="mission-title" className="mt-3 font-bold text-3xl sm:text-4xl">
            A storefront for every business
          </h2>
          <p className="mt-6 text-lg text-slate-300 leading-8">{mission}</p>
        </div>
      </section>
      <Section id="features" tone="white">
        <SectionHeading eyebrow="Features" title="Built to perform" text="Tap a card to see what it means for your business." centred />
        <FeatureCards items={features} />
      </Section>
      <Section id="services" tone="tint">
        <SectionHeading eyebrow="Our services" title="Everything you need to sell online" centred />
        <ServicesGrid />
      </Section>
      <Section id="contact" tone="white">
        <div className="grid gap-10 rounded-3xl bg-indigo-50 p-8 sm:p-12 lg:grid-cols-2 lg:items-center">
          <SectionHeading eyebrow="Contact" title="Questions? Talk to us" text={contact.reply} />
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center lg:justify-end">
            <p className="flex items-center gap-2 text-slate-700">
              <Icon name="Clock" className="size-5 text-indigo-600" />
              {contact.hours}
            </p>
            <Link
              to="/support"
              className="inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-white px-5 py-3 font-semibold text-indigo-700 shadow-sm ring-1 ring-indigo-200 hover:bg-indigo-100"
            >
              <Icon name="Mail" className="size-5" />
              Write to support
            </Link>
          </div>
        </div>
      </Section>
      <GetStartedBand />
    </main>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full bg-indigo-100 px-3 py-1 font-semibold text-indigo-700 text-sm">
            Products · Catalogues · Enquiries
          </p>
          <h1 id="hero-title" className="mt-6 font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl lg:text-6xl">
            Your products, <span className="text-indigo-600">beautifully showcased</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600 leading-8">
            StashBlog is a showcase site for your products: a fast storefront with catalogues, search and enquiries, on our address or your
            own domain.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/pricing" className="rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white shadow hover:bg-indigo-700">
              Get Started
            </Link>
            <Link
              to="/showcases"
              className="rounded-lg bg-white px-6 py-3 font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Explore showcases
            </Link>
          </div>
        </div>
        <StorefrontSketch />
      </div>
    </section>
  );
}

// A drawn storefront (no image request): a browser frame with a banner and product cards.
function StorefrontSketch() {
  const tints = ['bg-amber-200', 'bg-sky-200', 'bg-rose-200', 'bg-emerald-200', 'bg-violet-200', 'bg-orange-200'];
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-xl rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200">
      <div className="flex items-center gap-2 border-slate-100 border-b px-4 py-3">
        <span className="size-3 rounded-full bg-rose-400" />
        <span className="size-3 rounded-full bg-amber-400" />
        <span className="size-3 rounded-full bg-emerald-400" />
        <span className="ml-3 h-5 flex-1 rounded bg-slate-100" />
      </div>
      <div className="p-4">
        <div className="flex h-28 items-end rounded-xl bg-gradient-to-r from-indigo-500 to-violet-500 p-4 sm:h-36">
          <span className="h-4 w-1/2 rounded bg-white/80" />
        </div>
        <div className="mt-4 grid grid-cols-3 gap-3">
          {tints.map((t) => (
            <div key={t} className="rounded-lg ring-1 ring-slate-100">
              <div className={`h-16 rounded-t-lg sm:h-20 ${t}`} />
              <div className="space-y-1.5 p-2">
                <div className="h-2.5 w-4/5 rounded bg-slate-200" />
                <div className="h-2.5 w-1/2 rounded bg-slate-100" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function GetStartedBand() {
  return (
    <section aria-labelledby="get-started-title" className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="rounded-3xl bg-indigo-600 px-6 py-14 text-center text-white sm:px-12">
        <h2 id="get-started-title" className="font-bold text-3xl sm:text-4xl">
          Ready to showcase your products?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-indigo-100 text-lg">Pick a plan, tell us about your business and go live today.</p>
        <Link
          to="/pricing"
          className="mt-8 inline-block rounded-lg bg-white px-8 py-3 font-semibold text-indigo-700 shadow hover:bg-indigo-50"
        >
          Get Started
        </Link>
      </div>
    </section>
  );
}
