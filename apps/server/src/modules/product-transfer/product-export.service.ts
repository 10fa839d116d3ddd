import type { ExportProductsQuery } from '@stashblog/contract/product-transfer';
import { type ProductFileFormat, productFileNames, productFileTypes } from '@stashblog/contract/product-transfer-texts';
import type { AppContext } from '../../app-context.ts';
import { fetchProducts } from '../products/products.service.ts';
import { writeCsv, writeXlsx } from './product-file.ts';
import { headerRow, productCells } from './product-rows.ts';

// Export (decision 059): the admin list's filter, every page of it, as one CSV or XLSX file.

const page = 1000;

/** Every product of the business the admin list's filter matches, in the list's order, as a file. */
export async function exportProducts(
  ctx: Pick<AppContext, 'db'>,
  { businessId, query }: { businessId: string; query: ExportProductsQuery },
): Promise<{ fileName: string; contentType: string; body: Buffer; format: ProductFileFormat }> {
  const rows: (string | number)[][] = [headerRow];
  for (let pageNo = 1; ; pageNo++) {
    // The list's own filter and order (products.service), a large page at a time.
    const listed = await fetchProducts(ctx, { businessId, query: { ...query, pageNo, perPage: page } });
    for (const p of listed.products) rows.push(productCells(p));
    if (listed.products.length < page) break;
  }
  const { format } = query;
  const body = format === 'xlsx' ? await writeXlsx(rows, 'Products') : writeCsv(rows);
  return { fileName: productFileNames[format], contentType: productFileTypes[format], body, format };
}
