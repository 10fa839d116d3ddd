import { CatalogueForm } from '../../features/catalogues/catalogue-form';
import { SubPage } from '../../ui/sub-page';

export const meta = () => [{ title: 'Add Catalogue | Admin' }];

export default function AddCatalogue() {
  return (
    <SubPage parent={{ to: '/userAdmin/catalogues', label: 'Catalogues' }} title="Add Catalogue">
      <CatalogueForm />
    </SubPage>
  );
}
