import { productPath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useRef } from 'react';
import { ImageTile } from './image-tile';

type Props = { products: Product[]; onOwnDomain: boolean; template1: boolean };

/**
 * SPEC §9 'You Might Also Like': the suggestions in groups of 4 (7 on template1), one group in view,
 * swiped or stepped through. A native scroll-snap strip, not the carousel library: the product page
 * stays light (its JS budget).
 */
export function SuggestionGroups({ products, onOwnDomain, template1 }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const perGroup = template1 ? 7 : 4;
  const groups: Product[][] = [];
  for (let i = 0; i < products.length; i += perGroup) groups.push(products.slice(i, i + perGroup));
  const step = (direction: 1 | -1) => {
    const el = strip.current;
    el?.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <section aria-labelledby="suggestions-heading" className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="suggestions-heading" className="font-semibold text-xl">
          {specTexts.youMightAlsoLike}
        </h2>
        {groups.length > 1 ? (
          <div className="flex gap-2">
            <StepButton label="Previous suggestions" onClick={() => step(-1)}>
              ‹
            </StepButton>
            <StepButton label="Next suggestions" onClick={() => step(1)}>
              ›
            </StepButton>
          </div>
        ) : null}
      </div>
      <div ref={strip} className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 [scrollbar-width:thin]">
        {groups.map((group, g) => {
          const first = g * perGroup + 1;
          return (
            <ul
              key={group[0]._id}
              aria-label={`Suggestions ${first} to ${first + group.length - 1} of ${products.length}`}
              className={`grid w-full shrink-0 snap-start content-start gap-4 ${template1 ? 'grid-cols-3 sm:grid-cols-4 lg:grid-cols-7' : 'grid-cols-2 sm:grid-cols-4'}`}
            >
              {group.map((s) => (
                <li key={s._id}>
                  <ImageTile
                    to={productPath(s.businessName, s._id, onOwnDomain)}
                    image={s.images[0]}
                    label={s.productName}
                    sizes={template1 ? '(min-width: 1024px) 15vw, 33vw' : '(min-width: 640px) 25vw, 50vw'}
                  />
                </li>
              ))}
            </ul>
          );
        })}
      </div>
    </section>
  );
}

function StepButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex h-9 w-9 items-center justify-center rounded-full border border-text/20 text-xl hover:bg-surface"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
