import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { addChip, ChipInput } from './chip-input';

afterEach(cleanup);

function Harness({ lowercase = false, initial = [] as string[] }) {
  const [values, setValues] = useState(initial);
  return (
    <>
      <ChipInput label="Tags" values={values} onChange={setValues} lowercase={lowercase} />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '[]');
const type = (text: string) => {
  const input = screen.getByLabelText('Tags', { selector: 'input' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('addChip', () => {
  it('trims, lowercases when asked, and ignores empties and duplicates', () => {
    expect(addChip([], '  Brass ', true)).toEqual(['brass']);
    expect(addChip(['brass'], 'BRASS', true)).toEqual(['brass']);
    expect(addChip(['Brass'], 'brass')).toEqual(['Brass', 'brass']);
    const same = ['a'];
    expect(addChip(same, '   ')).toBe(same);
  });
});

describe('ChipInput', () => {
  it('adds on Enter, lowercases tags, skips duplicates and empties, and clears the input', () => {
    render(<Harness lowercase />);
    type('Handmade');
    type('handmade ');
    type('   ');
    type('Gift');
    expect(values()).toEqual(['handmade', 'gift']);
    expect((screen.getByLabelText('Tags', { selector: 'input' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps case for specifications and removes a chip with its button', () => {
    render(<Harness initial={['Weight 2 kg']} />);
    type('Made in India');
    expect(values()).toEqual(['Weight 2 kg', 'Made in India']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Weight 2 kg' }));
    expect(values()).toEqual(['Made in India']);
  });

  it('does not submit the surrounding form on Enter', () => {
    let submitted = false;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted = true;
        }}
      >
        <Harness />
      </form>,
    );
    type('x');
    expect(submitted).toBe(false);
    expect(values()).toEqual(['x']);
  });
});
