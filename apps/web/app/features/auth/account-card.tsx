import { Link } from 'react-router';

/** The centred card of the sign-in page, for the pages a mailed account link or 'Forgot Password?' opens. */
export function AccountCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-background p-6 shadow-lg sm:p-8">
        <Link to="/home" className="mb-6 block text-center font-bold text-2xl">
          StashBlog
        </Link>
        <h1 className="mb-4 font-semibold text-xl">{title}</h1>
        {children}
      </div>
    </main>
  );
}
