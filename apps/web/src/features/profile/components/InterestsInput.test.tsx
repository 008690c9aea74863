import { INTERESTS_MAX } from '@bid/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterestsInput } from './InterestsInput';

/** A stateful parent, as the profile form is, so each change is rendered back in. */
function Harness({ initial = [], onSubmit = vi.fn() }: { initial?: string[]; onSubmit?: () => void }) {
  const [interests, setInterests] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="interests">Interests</label>
      <InterestsInput id="interests" value={interests} onChange={setInterests} />
      <output data-testid="value">{JSON.stringify(interests)}</output>
    </form>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Interests');
const value = () => JSON.parse(screen.getByTestId('value').textContent) as string[];
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const pressEnter = () => fireEvent.keyDown(input(), { key: 'Enter' });
const clickAdd = () => fireEvent.click(screen.getByRole('button', { name: 'Add' }));

describe('interest tags (docs/product.md §5 "Interests")', () => {
  afterEach(cleanup);

  it('adds with Enter, trims, clears the input, and does not submit the form', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    type('  Hiking ');
    pressEnter();
    expect(value()).toEqual(['Hiking']);
    expect(input().value).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds with the Add button', () => {
    render(<Harness />);
    type('Coffee');
    clickAdd();
    type('Board games');
    clickAdd();
    expect(value()).toEqual(['Coffee', 'Board games']);
    expect(screen.getByRole('button', { name: 'Remove interest Board games' })).toBeInTheDocument();
  });

  it('ignores blank entries', () => {
    render(<Harness initial={['Tea']} />);
    type('   ');
    pressEnter();
    clickAdd();
    expect(value()).toEqual(['Tea']);
  });

  it('ignores duplicates, whatever their case or spacing', () => {
    render(<Harness initial={['Tea']} />);
    type(' tea ');
    pressEnter();
    type('TEA');
    clickAdd();
    expect(value()).toEqual(['Tea']);
  });

  it('removes a tag when it is clicked', () => {
    render(<Harness initial={['Tea', 'Hiking', 'Jazz']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove interest Hiking' }));
    expect(value()).toEqual(['Tea', 'Jazz']);
    expect(screen.queryByRole('button', { name: 'Remove interest Hiking' })).toBeNull();
  });

  it(`stops adding at ${INTERESTS_MAX} interests`, () => {
    const full = Array.from({ length: INTERESTS_MAX }, (_, i) => `Interest ${i}`);
    render(<Harness initial={full} />);
    expect(input().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add' }).disabled).toBe(true);
  });
});
