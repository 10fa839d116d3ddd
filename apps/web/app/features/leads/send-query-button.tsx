import { useState } from 'react';
import { preloadQueryForm, QueryForm } from './query-form-lazy';

type Props = { productId: string; productName: string; businessName: string; privateLink?: string };

/** The product page's 'Send Query': a product lead through the query form modal. */
export function SendQueryButton({ productId, productName, businessName, privateLink }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadQueryForm}
        onFocus={preloadQueryForm}
        className="rounded bg-primary px-6 py-3 font-semibold text-on-primary"
      >
        Send Query
      </button>
      {open ? (
        <QueryForm
          target={{ kind: 'product', productId, privateLink }}
          businessName={businessName}
          subject={productName}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
