import { endpoints } from '@stashblog/contract/endpoints';
import { importTexts, type ProductFileFormat, productFileNames } from '@stashblog/contract/product-transfer-texts';
import { Link } from 'react-router';
import { endpointUrl } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { toast } from '../../ui/toasts';

const P = endpoints.userAdminProducts;
const secondary = 'rounded border border-primary px-4 py-2';

/** Every product whose name matches the list's search (all without one) as the file, saved under its name (decision 059). */
async function downloadProducts(format: ProductFileFormat, productName: string) {
  try {
    const res = await fetch(endpointUrl(P.exportProducts, { format, ...(productName && { productName }) }), {
      headers: { authorization: getToken() ?? '' },
    });
    if (!res.ok) throw new Error(res.statusText);
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = productFileNames[format];
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  } catch (err) {
    toast.error((err as Error).message);
  }
}

/** The products list's Export (CSV, XLSX: both tabs, the search's matches) and Import actions. */
export function ProductTransferActions({ productName }: { productName: string }) {
  return (
    <>
      <button type="button" className={secondary} onClick={() => downloadProducts('csv', productName)}>
        {importTexts.exportCsv}
      </button>
      <button type="button" className={secondary} onClick={() => downloadProducts('xlsx', productName)}>
        {importTexts.exportXlsx}
      </button>
      <Link to="/userAdmin/products/import" className={secondary}>
        {importTexts.importButton}
      </Link>
    </>
  );
}
