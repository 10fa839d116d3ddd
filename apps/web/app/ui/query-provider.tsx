import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * React Query for the routes that fetch on the client (admin, platform, listings, the directory, private
 * links). Not in root: the product page and the other server-rendered pages never load the library
 * (decision 023). One client per mount: a layout keeps its cache while its child routes change.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
