// Every table of the `public` schema, once, by how it scales past one PostgreSQL (decision 056): on
// Citus, tenant tables are distributed by `business_id` and colocated, global tables are reference
// tables (a copy on every node) or stay on the coordinator. distributable-schema.test.ts fails on a
// table in neither list, a trigger, a key of a tenant table without `business_id`, or ON UPDATE CASCADE;
// docs/scale-out.md distributes from these lists. The job queue's own schema (graphile_worker) is global.

/** Rows owned by one business: every primary key, unique key and foreign key includes `business_id`. */
export const tenantTables = [
  'activities',
  'catalogue_products',
  'catalogues',
  'content_versions',
  'daily_leads',
  'daily_visits',
  'forum_messages',
  'leads',
  'media',
  'notifications',
  'private_links',
  'product_imports',
  'product_json',
  'products',
  'visit_seen',
] as const;

/** Tables read without a business to go by (or by none), each with the reason. */
export const globalTables = {
  businesses: 'the tenants themselves: looked up by name and by domain before any business is known',
  signups: 'read correlated with each businesses row by the visibility checks (decision 057)',
  sessions: 'looked up by the token hash a request carries, before its business is known',
  account_tokens: 'mailed links are looked up by their token hash alone',
  domain_claims: 'a domain is claimed once across all businesses (unique by domain) and looked up by host',
  mail_outbox: "the platform's one outbox (sign-up, support and account mail too, some with no business)",
  form_submissions: 'idempotency keys of every public form, support mail included (no business)',
  login_failures: 'sign-in throttle keyed by account and address, checked before the business is known',
  rate_limits: 'shared request limits keyed by address',
  search_words: 'the vocabulary of every shop for typo and prefix search, shared by all',
  spam_rejections: 'platform-wide counts of refused public forms',
  support_messages: 'mail to the platform, not to a business',
  platform_admins: "the platform's own accounts",
  platform_sessions: "platform admins' sessions",
  platform_audit: "the platform admins' log, across businesses",
} as const satisfies Record<string, string>;
