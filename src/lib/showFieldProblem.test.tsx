import { createRef } from 'react';
import { showFieldProblem } from './showFieldProblem';

const field = () => {
  const ref = createRef<HTMLInputElement>() as { current: HTMLInputElement | null };
  ref.current = document.body.appendChild(document.createElement('input'));
  return ref;
};
afterEach(() => document.body.replaceChildren());

test('a problem is set and focus moves to its field', () => {
  const ref = field();
  const setProblem = jest.fn();
  showFieldProblem(setProblem, 'Enter a 10-digit US number.', ref);
  expect(setProblem).toHaveBeenCalledWith('Enter a 10-digit US number.');
  expect(ref.current).toHaveFocus();
});

test('no problem clears it and leaves focus where it is', () => {
  const ref = field();
  const setProblem = jest.fn();
  showFieldProblem(setProblem, '', ref);
  expect(setProblem).toHaveBeenCalledWith('');
  expect(ref.current).not.toHaveFocus();
});
