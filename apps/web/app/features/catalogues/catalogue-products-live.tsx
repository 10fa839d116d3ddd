import { QueryProvider } from '../../ui/query-provider';
import type { CatalogueProductsProps } from './catalogue-products';
import { useCatalogueProducts } from './use-catalogue-products';

type Props = Omit<CatalogueProductsProps, 'local'> & { perPage: number; sized: boolean };

/**
 * The catalogue's products once the visitor sorts or scrolls past the first page: React Query and its
 * client come with this file, fetched then (catalogue-products.tsx). One client while it stays mounted,
 * so going back to an order already seen shows it from the cache.
 */
export default function LiveCatalogueProducts({ children, ...args }: Props) {
  return (
    <QueryProvider>
      <Live {...args}>{children}</Live>
    </QueryProvider>
  );
}

function Live({ children, ...args }: Props) {
  return children(useCatalogueProducts(args));
}
