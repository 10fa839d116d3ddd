import { Link } from 'react-router';
import { CatalogueForm } from '../../features/catalogues/catalogue-form';

export const meta = () => [{ title: 'Add Catalogue | Admin' }];

export default function AddCatalogue() {
  return (
    <section className="space-y-6">
      <div className="flex items-center gap-3">
        <Link to="/userAdmin/catalogues" className="underline">
          Catalogues
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Add Catalogue</h1>
      </div>
      <CatalogueForm />
    </section>
  );
}
