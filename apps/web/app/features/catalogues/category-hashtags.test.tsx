import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CategoryHashtags } from './category-hashtags';

afterEach(cleanup);

it("renders the first 5 of 7 categories as hashtags and '+2 more'", () => {
  render(<CategoryHashtags categories={['Home Decor', 'Pottery', 'Textiles', 'Jewellery', 'Tea', 'Spices', 'Dry Fruits']} />);
  const items = screen.getAllByRole('listitem').map((li) => li.textContent);
  expect(items).toEqual(['#HomeDecor', '#Pottery', '#Textiles', '#Jewellery', '#Tea', '+2 more']);
});
