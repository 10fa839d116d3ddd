import { importTexts } from '@stashblog/contract/product-transfer-texts';
import { ImportProducts } from '../../features/products/import-products';
import { SubPage } from '../../ui/sub-page';

export const meta = () => [{ title: 'Import Products | Admin' }];

export default function ImportProductsPage() {
  return (
    <SubPage parent={{ to: '/userAdmin/products', label: 'Products' }} title={importTexts.title}>
      <ImportProducts />
    </SubPage>
  );
}
