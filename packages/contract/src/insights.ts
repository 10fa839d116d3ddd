import { z } from 'zod';

// The owner's insights dashboard (beyond SPEC's placeholder): visits and leads from the daily counters.
export const insightsRanges = [30, 90] as const;
export type InsightsRange = (typeof insightsRanges)[number];

export const insightsQuery = z.object({
  days: z.coerce
    .number()
    .refine((d): d is InsightsRange => (insightsRanges as readonly number[]).includes(d), 'days must be 30 or 90')
    .default(30),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** One day (Asia/Kolkata, YYYY-MM-DD) of the chart; every day of the range is present, zeros included. */
export const insightsDay = z.object({
  day: z.string(),
  profileVisits: z.number(),
  productVisits: z.number(),
  catalogueVisits: z.number(),
  productLeads: z.number(),
  catalogueLeads: z.number(),
});
export type InsightsDay = z.infer<typeof insightsDay>;

export const insightsTopItem = z.object({ _id: z.string(), name: z.string().nullable(), count: z.number() });
export type InsightsTopItem = z.infer<typeof insightsTopItem>;

export const insightsPayload = z.object({
  days: z.number(),
  from: z.string(),
  to: z.string(),
  series: z.array(insightsDay),
  totals: z.object({
    visits: z.number(),
    profileVisits: z.number(),
    productVisits: z.number(),
    catalogueVisits: z.number(),
    leads: z.number(),
    productLeads: z.number(),
    catalogueLeads: z.number(),
  }),
  topProductsByVisits: z.array(insightsTopItem),
  topCataloguesByVisits: z.array(insightsTopItem),
  topProductsByLeads: z.array(insightsTopItem),
  topCataloguesByLeads: z.array(insightsTopItem),
});
export type InsightsPayload = z.infer<typeof insightsPayload>;

export const insightsTopLimit = 5;
