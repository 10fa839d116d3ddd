import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route('signIn', 'routes/sign-in.tsx'),
  route('Error_404_Not_Found', 'routes/not-found.tsx', { id: 'not-found-page' }),
  ...prefix('userAdmin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('addProduct', 'routes/admin/add-product.tsx'),
      route('editProduct/:productId', 'routes/admin/edit-product.tsx'),
      route('catalogues', 'routes/admin/catalogues.tsx'),
      route('addCatalogue', 'routes/admin/add-catalogue.tsx'),
      route('editCatalogue/:catalogueId', 'routes/admin/edit-catalogue.tsx'),
      route('catalogues/:catalogueId', 'routes/admin/catalogue-products.tsx'),
      route('signOut', 'routes/admin/sign-out.tsx'),
    ]),
  ]),
  route(':businessName/products/:productId', 'routes/store/product.tsx'),
  // A custom domain has no businessName segment; the tenant comes from the load context.
  route('products/:productId', 'routes/store/product.tsx', { id: 'domain-product' }),
  route(':businessName/catalogues/:catalogueId', 'routes/store/catalogue.tsx'),
  route('catalogues/:catalogueId', 'routes/store/catalogue.tsx', { id: 'domain-catalogue' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
