import { useId } from 'react';

/** One band of a marketing page, with the page's width and rhythm. */
export function Section({ id, tone, children }: { id?: string; tone: 'white' | 'tint'; children: React.ReactNode }) {
  return (
    <section id={id} className={tone === 'tint' ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">{children}</div>
    </section>
  );
}

export function SectionHeading({ eyebrow, title, text, centred }: { eyebrow?: string; title: string; text?: string; centred?: boolean }) {
  return (
    <div className={centred ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow ? <p className="font-semibold text-indigo-600 text-sm uppercase tracking-widest">{eyebrow}</p> : null}
      <h2 className="mt-2 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">{title}</h2>
      {text ? <p className="mt-4 text-lg text-slate-600 leading-8">{text}</p> : null}
    </div>
  );
}

/** The top of an inner marketing page: its h1 on a tinted band. */
export function PageHero({ title, text, children }: { title: string; text?: string; children?: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        <h1 id={id} className="font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl">
          {title}
        </h1>
        {text ? <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 leading-8">{text}</p> : null}
        {children}
      </div>
    </section>
  );
}
