// The look of a rendered markdown page (legal, FAQ): readable measure, clear headings, spaced lists.
const prose = [
  'text-slate-700 leading-7',
  '[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:text-slate-900 [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg [&_h3]:text-slate-900',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-slate-900',
  '[&_hr]:my-10 [&_hr]:border-slate-200 [&_blockquote]:border-indigo-200 [&_blockquote]:border-l-4 [&_blockquote]:pl-4',
].join(' ');

/** Server-rendered, sanitised markdown (markdown.server.ts) under the page's own h1. */
export function MarkdownArticle({ title, html }: { title: string; html: string }) {
  return (
    <main>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-6 sm:px-6 sm:pt-20">
          <h1 className="font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl">{title}</h1>
        </div>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from our own markdown files and sanitised on the server */}
      <article className={`mx-auto max-w-3xl px-4 pb-8 sm:px-6 ${prose}`} dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}
