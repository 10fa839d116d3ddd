import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route('signIn', 'routes/sign-in.tsx'),
  route('verifyEmail', 'routes/onboarding/verify-email.tsx'),
  route('forgotPassword', 'routes/account/forgot-password.tsx'),
  route('resetPassword', 'routes/account/reset-password.tsx'),
  route('confirmEmail', 'routes/account/confirm-email.tsx'),
  ...prefix('platform', [
    route('signIn', 'routes/platform/sign-in.tsx'),
    layout('routes/platform/layout.tsx', [
      index('routes/platform/businesses.tsx'),
      route('products', 'routes/platform/products.tsx'),
      route('catalogues', 'routes/platform/catalogues.tsx'),
      route('mail', 'routes/platform/mail.tsx'),
      route('audit', 'routes/platform/audit.tsx'),
    ]),
  ]),
  ...prefix('userAdmin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/import', 'routes/admin/import-products.tsx'),
      route('addProduct', 'routes/admin/add-product.tsx'),
      route('editProduct/:productId', 'routes/admin/edit-product.tsx'),
      route('catalogues', 'routes/admin/catalogues.tsx'),
      route('addCatalogue', 'routes/admin/add-catalogue.tsx'),
      route('editCatalogue/:catalogueId', 'routes/admin/edit-catalogue.tsx'),
      route('catalogues/:catalogueId', 'routes/admin/catalogue-products.tsx'),
      route('products/privateLinks/:productId', 'routes/admin/private-links.tsx', { id: 'product-private-links' }),
      route('products/privateLinks/:productId/addPrivateLink', 'routes/admin/private-link-edit.tsx', { id: 'product-private-link-add' }),
      route('products/privateLinks/:productId/editPrivateLink/:privateLinkId', 'routes/admin/private-link-edit.tsx', {
        id: 'product-private-link-edit',
      }),
      route('catalogues/privateLinks/:catalogueId', 'routes/admin/private-links.tsx', { id: 'catalogue-private-links' }),
      route('catalogues/privateLinks/:catalogueId/addPrivateLink', 'routes/admin/private-link-edit.tsx', {
        id: 'catalogue-private-link-add',
      }),
      route('catalogues/privateLinks/:catalogueId/editPrivateLink/:privateLinkId', 'routes/admin/private-link-edit.tsx', {
        id: 'catalogue-private-link-edit',
      }),
      route('leads', 'routes/admin/leads.tsx'),
      route('products/leads/:productId', 'routes/admin/item-leads.tsx', { id: 'product-leads' }),
      route('catalogues/leads/:catalogueId', 'routes/admin/item-leads.tsx', { id: 'catalogue-leads' }),
      route('catalogues/leads/:catalogueId/leadsProducts/:products', 'routes/admin/lead-products.tsx'),
      route('forum', 'routes/admin/forum.tsx'),
      route('notifications', 'routes/admin/notifications.tsx'),
      route('signOut', 'routes/admin/sign-out.tsx'),
      route('userProfileInfo', 'routes/admin/profile.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('settings/changePassword', 'routes/admin/change-password.tsx'),
      route('settings/themes', 'routes/admin/themes.tsx'),
    ]),
  ]),
  // The storefront, twice: `/:businessName/…` on our own host, unprefixed on a custom domain (the tenant
  // then comes from the load context). On our own host the unprefixed `/home` is the marketing home.
  layout('routes/store/layout.tsx', { id: 'store-layout' }, [
    ...prefix(':businessName', [
      route('home', 'routes/store/home.tsx'),
      route('products', 'routes/store/products.tsx'),
      route('products/:productId', 'routes/store/product.tsx'),
      route('catalogues', 'routes/store/catalogues.tsx'),
      route('catalogues/:catalogueId', 'routes/store/catalogue.tsx'),
      route('aboutus', 'routes/store/about-us.tsx'),
      route('contactus', 'routes/store/contact-us.tsx'),
      route('search', 'routes/store/search.tsx'),
      route('privateLink', 'routes/store/private-link.tsx'),
      route('signIn', 'routes/store/sign-in-redirect.tsx'),
    ]),
  ]),
  // Unprefixed paths on our own host are the marketing site (SPEC §2). A custom domain's storefront uses the
  // same paths, so its layout sits inside the marketing one, which steps aside when the request has a tenant.
  layout('routes/marketing/layout.tsx', { id: 'marketing-layout' }, [
    route('Error_404_Not_Found', 'routes/marketing/not-found.tsx'),
    route('support', 'routes/marketing/support.tsx'),
    route('pricing', 'routes/marketing/pricing.tsx'),
    route('getStarted/:planType', 'routes/marketing/get-started.tsx'),
    // caseSensitive: `/aboutus` (lowercase) stays the custom-domain storefront's About Us below.
    route('aboutUs', 'routes/marketing/about-us.tsx', { caseSensitive: true }),
    route('temp', 'routes/marketing/temp.tsx'),
    route('showcases', 'routes/marketing/showcases.tsx'),
    // Paths match case-insensitively: this one answers /terms&conditions and /terms&Conditions (SPEC §2 has both).
    route('terms&conditions', 'routes/marketing/terms.tsx'),
    route('privacyPolicy', 'routes/marketing/privacy-policy.tsx'),
    route('faq', 'routes/marketing/faq.tsx'),
    layout('routes/store/layout.tsx', { id: 'domain-store-layout' }, [
      route('home', 'routes/store/home.tsx', { id: 'domain-home' }),
      route('products', 'routes/store/products.tsx', { id: 'domain-products' }),
      route('products/:productId', 'routes/store/product.tsx', { id: 'domain-product' }),
      route('catalogues', 'routes/store/catalogues.tsx', { id: 'domain-catalogues' }),
      route('catalogues/:catalogueId', 'routes/store/catalogue.tsx', { id: 'domain-catalogue' }),
      route('aboutus', 'routes/store/about-us.tsx', { id: 'domain-about-us' }),
      route('contactus', 'routes/store/contact-us.tsx', { id: 'domain-contact-us' }),
      route('search', 'routes/store/search.tsx', { id: 'domain-search' }),
      route('privateLink', 'routes/store/private-link.tsx', { id: 'domain-private-link' }),
    ]),
  ]),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
