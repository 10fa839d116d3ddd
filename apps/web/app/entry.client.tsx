import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { afterFirstPaint } from './speed/after-first-paint';

// React Router's default client entry, plus: from here on React sees every tap itself (it hydrates
// the part tapped first), so the tap kept by ScriptsAfterFirstPaint stops being recorded here and is
// clicked again once the page has hydrated (root.tsx).
window[afterFirstPaint]?.hydrating();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
