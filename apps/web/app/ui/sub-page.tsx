import { Link } from 'react-router';

/** A workspace page under another (Add Product under Products, Change Password under Settings): a way back, then its heading. */
export function SubPage({
  parent,
  title,
  aside,
  className = '',
  children,
}: {
  parent: { to: string; label: string };
  title: string;
  /** Links beside the heading (an item's leads). */
  aside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section className={`space-y-6 ${className}`}>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={parent.to} className="underline">
          {parent.label}
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">{title}</h1>
        {aside ? <div className="ml-auto flex flex-wrap gap-3">{aside}</div> : null}
      </div>
      {children}
    </section>
  );
}
