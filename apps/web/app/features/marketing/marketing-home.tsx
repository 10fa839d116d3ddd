import { messages } from '@stashblog/contract/messages';
import { Link } from 'react-router';

// A minimal marketing home until the marketing site is built (SPEC "Marketing home").
export function MarketingHome() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-3xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <h1 className="font-bold text-4xl">StashBlog</h1>
      <p className="text-lg text-muted">{messages.defaultDescription}.</p>
      <p className="text-muted">A showcase site for the products and catalogues of your business, on our address or your own domain.</p>
      <Link to="/signIn" className="rounded bg-primary px-6 py-3 font-semibold text-on-primary">
        Get Started
      </Link>
    </main>
  );
}
