import { specTexts } from '@stashblog/contract/spec-texts';
import { describe, expect, it } from 'vitest';
import { buildQuery } from './query-target';

const guard = {
  website: '',
  challenge: 'MTcwMDAwMDAwMDAwMC5wcm9kdWN0LWxlYWQuYQ.c2ln',
  idempotencyKey: '0192f1a4-7c1e-7000-8000-000000000001',
};
const good = { name: 'Meera', email: 'meera@example.test', phoneNo: '9876501234', query: '' };
const catalogue = { kind: 'catalogue' as const, catalogueId: 'c1', products: ['p1', 'p2'] };

describe('buildQuery (SPEC §5 query form)', () => {
  it('reports every missing field with its SPEC message, email first', async () => {
    const r = await buildQuery(catalogue, 'lotus', { name: '', email: '', phoneNo: '', query: '' }, guard);
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({
      email: specTexts.queryEmailRequired,
      name: specTexts.queryNameRequired,
      phoneNo: specTexts.queryPhoneInvalid,
    });
    expect(r.ok === false && r.first).toBe(specTexts.queryEmailRequired);
  });
  it('wants exactly 10 phone digits', async () => {
    expect((await buildQuery(catalogue, 'lotus', { ...good, phoneNo: '98765' }, guard)).errors.phoneNo).toBe(specTexts.queryPhoneInvalid);
    expect((await buildQuery(catalogue, 'lotus', { ...good, phoneNo: '98765abcde' }, guard)).errors.phoneNo).toBe(
      specTexts.queryPhoneInvalid,
    );
  });
  it('needs at least one product for a catalogue query', async () => {
    expect((await buildQuery({ ...catalogue, products: [] }, 'lotus', good, guard)).errors.products).toBe(specTexts.queryProductsRequired);
  });
  it('builds the catalogue and product bodies with the business name', async () => {
    const c = await buildQuery(catalogue, 'lotus', good, guard);
    expect(c.ok && c.body).toMatchObject({
      fkCatalogueId: 'c1',
      products: ['p1', 'p2'],
      businessName: 'lotus',
      phoneNo: '9876501234',
      ...guard,
    });
    const p = await buildQuery({ kind: 'product', productId: 'x1' }, 'lotus', good, guard);
    expect(p.ok && p.body).toMatchObject({ fkProductId: 'x1', businessName: 'lotus' });
  });
});
