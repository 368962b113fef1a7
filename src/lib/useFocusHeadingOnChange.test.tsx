import { act, render, screen } from '@testing-library/react';
import { useFocusHeadingOnChange } from './useFocusHeadingOnChange';

interface Props {
  page: string;
  heading?: boolean;
  field?: boolean;
}

/** A container whose content is `page`: its heading (or not yet), and a field the content focuses itself. */
function Pages({ page, heading = true, field = false }: Props) {
  const ref = useFocusHeadingOnChange<HTMLDivElement>(page);
  return (
    <div ref={ref}>
      <button type="button">Go</button>
      {heading && <h1 tabIndex={-1}>{page}</h1>}
      {field && <input aria-label="Field" autoFocus />}
    </div>
  );
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

test('the first render leaves focus alone', () => {
  render(<Pages page="one" />);
  expect(document.body).toHaveFocus();
});

test('a change moves focus to the new heading', () => {
  const { rerender } = render(<Pages page="one" />);
  rerender(<Pages page="two" />);
  expect(heading('two')).toHaveFocus();
});

test('a heading that arrives after the change gets focus when it does', async () => {
  const { rerender } = render(<Pages page="one" />);
  rerender(<Pages page="two" heading={false} />);
  expect(document.body).toHaveFocus();
  rerender(<Pages page="two" />);
  // The heading is noticed by a MutationObserver, whose callback runs in a microtask.
  await act(() => Promise.resolve());
  expect(heading('two')).toHaveFocus();
});

test('a field the new content focuses itself keeps focus', async () => {
  const { rerender } = render(<Pages page="one" />);
  rerender(<Pages page="two" field />);
  await act(() => Promise.resolve());
  expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
});

test('changes before any heading has shown (redirects on the first load) leave focus alone', async () => {
  const { rerender } = render(<Pages page="/" heading={false} />);
  rerender(<Pages page="/dashboard" heading={false} />);
  rerender(<Pages page="/dashboard" />);
  await act(() => Promise.resolve());
  expect(document.body).toHaveFocus();
});
