import { messages } from '@stashblog/contract/messages';
import { Link } from 'react-router';

/** SPEC §2 error page: 'Page Not Found', headed '!! Error !!'. */
export function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="font-bold text-3xl">{messages.notFoundHeading}</h1>
      <p className="text-lg text-muted">{messages.notFoundTitle}</p>
      <Link to="/home" className="rounded bg-primary px-4 py-2 text-on-primary">
        Go to Home
      </Link>
    </main>
  );
}
