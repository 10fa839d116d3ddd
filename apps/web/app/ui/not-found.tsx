import { specTexts } from '@stashblog/contract/spec-texts';
import { Link } from 'react-router';

/** SPEC §2 error page: 'Page Not Found', headed '!! Error !!'. */
export function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="font-bold text-3xl">{specTexts.notFoundHeading}</h1>
      <p className="text-lg text-muted">{specTexts.notFoundTitle}</p>
      <Link to="/home" className="rounded bg-primary px-4 py-2 text-on-primary">
        Go to Home
      </Link>
    </main>
  );
}
