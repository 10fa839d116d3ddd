import { mediaUrl } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import type { products } from '../../db/schema/products.ts';

// The search vector is an index column, never part of what we read back.
export type ProductRow = Omit<typeof products.$inferSelect, 'search'>;

/** The API shape of a product (SPEC §3), shared by owner and public calls and other modules. */
export function toProduct(row: ProductRow, businessName: string): Product {
  return {
    _id: row.id,
    businessName,
    productName: row.productName,
    itemNo: row.itemNo,
    description: row.description,
    category: row.category,
    tags: row.tags,
    images: row.images.map(mediaUrl),
    specifications: row.specifications,
    disclaimer: row.disclaimers,
    pricePerUnit: row.pricePerUnit,
    totalUnits: row.totalUnits,
    link: row.link,
    isPublic: row.isPublic,
    isPromoted: row.isPromoted,
    promoted: row.isPromoted,
    isBlocked: row.isBlocked,
    createdAt: row.createdAt.toISOString(),
  };
}
