import { useState } from 'react';
import { NavLink } from 'react-router';

// The one header nav of the workspace and the platform console: a brand on the left, then what sits
// beside the menu (the bell), a Menu button below the large breakpoint, and the links, in a row on wide
// screens and a drop-down panel on narrow ones.

export type MenuItem = {
  to: string;
  label: string;
  /** Active only on this exact path (an index route). */
  end?: boolean;
  /** Opens in a new tab, as a plain link (another origin or a page outside this app's routes). */
  newTab?: boolean;
  /** A full page load (a page of another layout, such as the storefront). */
  reloadDocument?: boolean;
};

type Props = {
  id: string;
  label: string;
  items: readonly MenuItem[];
  brand: React.ReactNode;
  /** Beside the Menu button, always visible (the notification bell). */
  beside?: React.ReactNode;
  /** After the links, inside the list (a Sign out button). */
  trailing?: React.ReactNode;
  /** Header colours, and an active link's colours. */
  look: { header: string; active: string };
};

export function MenuNav({ id, label, items, brand, beside, trailing, look }: Props) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const linkClass = 'block rounded px-3 py-2 text-sm';
  return (
    <header className={`sticky top-0 z-30 ${look.header}`}>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        {brand}
        {beside}
        <button
          type="button"
          className="rounded border border-current px-3 py-1 lg:hidden"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav
          id={id}
          aria-label={label}
          className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full lg:static lg:block ${look.header}`}
        >
          <ul className="flex flex-col gap-1 p-2 lg:flex-row lg:items-center lg:p-0">
            {items.map((item) => (
              <li key={item.label}>
                {item.newTab ? (
                  <a href={item.to} target="_blank" rel="noopener" onClick={close} className={`${linkClass} hover:underline`}>
                    {item.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <NavLink
                    to={item.to}
                    end={item.end}
                    reloadDocument={item.reloadDocument}
                    onClick={close}
                    className={({ isActive }) => `${linkClass} ${isActive ? look.active : 'hover:underline'}`}
                  >
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
            {trailing}
          </ul>
        </nav>
      </div>
    </header>
  );
}
