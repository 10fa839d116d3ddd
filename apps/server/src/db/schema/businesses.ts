import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// A business is the tenant; its owner signs in with the email and password kept here (SPEC §3 User profile).
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey(),
    businessName: text('business_name').notNull().unique(),
    /** The name as the owner writes it, shown to visitors as is (decision 047); businessName is its URL. */
    displayName: text('display_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    logo: uuid('logo'),
    domain: text('domain').unique(),
    template: text('template').notNull().default(''),
    theme: text('theme').notNull().default(''),
    address: text('address').notNull().default(''),
    phoneNo: text('phone_no').notNull().default(''),
    description: text('description').notNull().default(''),
    facebookLink: text('facebook_link').notNull().default(''),
    instagramLink: text('instagram_link').notNull().default(''),
    pinterestLink: text('pinterest_link').notNull().default(''),
    linkedInLink: text('linked_in_link').notNull().default(''),
    youtubeChannelLink: text('youtube_channel_link').notNull().default(''),
    websiteLink: text('website_link').notNull().default(''),
    banners: uuid('banners').array().notNull().default(sql`'{}'`),
    images: uuid('images').array().notNull().default(sql`'{}'`),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isPrimeUser: boolean('is_prime_user').notNull().default(false),
    isAllProductsActive: boolean('is_all_products_active').notNull().default(true),
    isAllCataloguesActive: boolean('is_all_catalogues_active').notNull().default(true),
    fcmToken: text('fcm_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('businesses_email_idx').on(sql`lower(${t.email})`), index('businesses_prime_idx').on(t.isPrimeUser, t.createdAt)],
);
