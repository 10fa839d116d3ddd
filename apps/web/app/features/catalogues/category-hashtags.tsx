import { cardHashtags } from './overflow';

export function CategoryHashtags({ categories }: { categories: string[] }) {
  const { shown, more } = cardHashtags(categories);
  if (!shown.length) return null;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-1 text-muted text-sm" aria-label="Categories">
      {shown.map((c) => (
        <li key={c} className="break-all">
          #{c.replace(/\s+/g, '')}
        </li>
      ))}
      {more ? <li className="font-medium">+{more} more</li> : null}
    </ul>
  );
}
