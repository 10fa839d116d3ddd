import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import faq from '../../../content/faq.md?raw';
import privacyPolicy from '../../../content/privacy-policy.md?raw';
import termsAndConditions from '../../../content/terms-and-conditions.md?raw';

// SPEC §7 "A GET of a markdown page path … is rendered as markdown": the legal and FAQ pages are markdown
// files in the repository (apps/web/content), rendered on the server and sanitised before they reach a page.
const sources = { termsAndConditions, privacyPolicy, faq } as const;
export type MarkdownPage = keyof typeof sources;

const marked = new Marked({ gfm: true, async: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'blockquote', 'hr', 'br', 'pre', 'code'],
    ...['a', 'strong', 'em', 'del', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links to other sites open as usual but tell them nothing about our page.
  transformTags: {
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }
        : { tagName, attribs },
  },
};

/** Markdown to safe HTML: no raw HTML, scripts, event handlers, styles or javascript: links survive. */
/** The first `# ` line is the page title (the page renders it as its h1); the rest is the body. */
export function renderMarkdown(source: string): { title: string; html: string } {
  const heading = /^#\s+(.+)$/m.exec(source);
  const body = heading ? source.slice(0, heading.index) + source.slice(heading.index + heading[0].length) : source;
  const html = sanitizeHtml(marked.parse(body) as string, allowed);
  return { title: heading?.[1]?.trim() ?? '', html };
}

const rendered = new Map<MarkdownPage, { title: string; html: string }>();

/** One of the repository's markdown pages, rendered once per process. */
export function markdownPage(page: MarkdownPage) {
  let hit = rendered.get(page);
  if (!hit) {
    hit = renderMarkdown(sources[page]);
    rendered.set(page, hit);
  }
  return hit;
}
