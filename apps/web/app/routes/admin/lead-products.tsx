import { decodeId, decodeIds } from '@stashblog/contract/ids';
import { specTexts } from '@stashblog/contract/spec-texts';
import { Link, useParams } from 'react-router';
import { LeadProducts } from '../../features/leads/lead-products';

export const meta = () => [{ title: 'Lead Products | Admin' }];

/** /userAdmin/catalogues/leads/{catalogueId}/leadsProducts/{products}: the products one catalogue lead named. */
export default function AdminLeadProducts() {
  const params = useParams();
  const catalogueId = decodeId(params.catalogueId ?? '');
  const productIds = decodeIds(params.products ?? '');
  if (!catalogueId || !productIds) return <p role="alert">{specTexts.notFoundTitle}</p>;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/userAdmin/catalogues/leads/${params.catalogueId}`} className="underline">
          Catalogue Leads
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Products in this lead</h1>
      </div>
      <LeadProducts productIds={productIds.slice(0, 100)} />
    </section>
  );
}
