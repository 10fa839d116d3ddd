import { Link } from 'react-router';
import { MediaImage } from '../../ui/media-image';

type Props = { to: string; image: string | undefined; label: string; sizes: string; round?: boolean };

/** A linked picture with its name under it: a round one for the home's categories, a square one for suggestions. */
export function ImageTile({ to, image, label, sizes, round = false }: Props) {
  const size = round ? 160 : 320;
  return (
    <Link to={to} className={`group flex flex-col gap-2 ${round ? 'items-center text-center' : ''}`}>
      <span
        className={`block aspect-square w-full overflow-hidden bg-surface ${round ? 'max-w-32 rounded-full border-2 border-primary' : 'rounded-lg'}`}
      >
        {image ? <MediaImage src={image} alt="" width={size} height={size} sizes={sizes} className="h-full w-full object-cover" /> : null}
      </span>
      {/* category labels are capitalised; product names are shown as their owner wrote them (decision 047) */}
      <span className={`line-clamp-2 text-sm group-hover:underline ${round ? 'capitalize' : ''}`}>{label}</span>
    </Link>
  );
}
