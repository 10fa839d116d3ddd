import { type ComponentProps, lazy, Suspense } from 'react';
import type { QueryFormModal } from './query-form-modal';

// The query form (modal, fields, form guard, and the lead schemas after it) is fetched when a
// visitor first opens it, or points at the button that does, not with the product and catalogue
// pages (docs/decisions/016-public-pages-ship-no-zod.md).
const load = () => import('./query-form-modal');
const Modal = lazy(() => load().then((m) => ({ default: m.QueryFormModal })));

export function preloadQueryForm() {
  void load();
}

export function QueryForm(props: ComponentProps<typeof QueryFormModal>) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
