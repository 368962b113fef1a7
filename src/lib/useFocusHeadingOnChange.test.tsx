import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useFocusHeadingOnChange } from './useFocusHeadingOnChange';

type Field = 'input' | 'textarea' | 'select';

interface Props {
  page: string;
  heading?: boolean;
  field?: Field;
  loading?: boolean;
  rows?: number;
}

/**
 * A container whose content is `page`: its heading (or not yet) inside a section, as a page's is; a
 * loading line; a field the content focuses itself; `rows` lines of content that come and go.
 */
function Pages({ page, heading = true, field, loading = false, rows = 0 }: Props) {
  const ref = useFocusHeadingOnChange<HTMLDivElement>(page);
  return (
    <div ref={ref}>
      <button type="button">Go</button>
      <section>{heading && <h1 tabIndex={-1}>{page}</h1>}</section>
      {loading && <p>Loading…</p>}
      {field === 'input' && <input aria-label="Field" autoFocus />}
      {field === 'textarea' && <textarea aria-label="Field" autoFocus />}
      {field === 'select' && (
        <select aria-label="Field" autoFocus>
          <option>One</option>
        </select>
      )}
      {Array.from({ length: rows }, (_, row) => (
        <p key={row}>Row {row}</p>
      ))}
    </div>
  );
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
// A MutationObserver's callback runs in a microtask.
const observed = () => act(() => Promise.resolve());

test('the first render leaves focus alone, in StrictMode too (the app runs in it)', () => {
  render(
    <StrictMode>
      <Pages page="one" />
    </StrictMode>,
  );
  expect(document.body).toHaveFocus();
});

test('a change moves focus to the new heading', () => {
  const { rerender } = render(<Pages page="one" />);
  rerender(<Pages page="two" />);
  expect(heading('two')).toHaveFocus();
});

test('a button that made the change and stays hands focus to the new heading: only a field keeps it', () => {
  const { rerender } = render(<Pages page="one" />);
  screen.getByRole('button', { name: 'Go' }).focus();
  rerender(<Pages page="two" />);
  expect(heading('two')).toHaveFocus();
});

test('a heading that arrives after the change gets focus when it does', async () => {
  const { rerender } = render(<Pages page="one" />);
  rerender(<Pages page="two" heading={false} />);
  expect(document.body).toHaveFocus();
  rerender(<Pages page="two" heading={false} loading />);
  await observed();
  expect(document.body).toHaveFocus();
  // The heading comes first, the rest of the page still loading.
  rerender(<Pages page="two" loading />);
  await observed();
  expect(heading('two')).toHaveFocus();
});

test.each<Field>(['input', 'textarea', 'select'])(
  'a field (%s) the new content focuses itself keeps focus',
  async (field) => {
    const { rerender } = render(<Pages page="one" />);
    rerender(<Pages page="two" field={field} />);
    await observed();
    expect(screen.getByRole(field === 'select' ? 'combobox' : 'textbox', { name: 'Field' })).toHaveFocus();
  },
);

test('a field outside the page does not keep focus when the page changes', () => {
  const outside = document.body.appendChild(document.createElement('input'));
  const { rerender } = render(<Pages page="one" />);
  outside.focus();
  rerender(<Pages page="two" />);
  expect(heading('two')).toHaveFocus();
  outside.remove();
});

test('changes before any heading has shown (redirects on the first load) leave focus alone', async () => {
  const { rerender } = render(<Pages page="/" heading={false} />);
  rerender(<Pages page="/dashboard" heading={false} />);
  rerender(<Pages page="/dashboard" />);
  await observed();
  expect(document.body).toHaveFocus();
});

test('a page left before its heading came does not take focus later', async () => {
  const { rerender } = render(<Pages page="one" />);
  rerender(<Pages page="two" heading={false} />);
  rerender(<Pages page="one" />);
  await observed();
  const go = screen.getByRole('button', { name: 'Go' });
  go.focus();
  rerender(<Pages page="one" rows={3} />);
  await observed();
  expect(go).toHaveFocus();
});

test('a page whose container is not drawn yet is no error', () => {
  function Unattached() {
    useFocusHeadingOnChange<HTMLDivElement>('one');
    return <p>Loading…</p>;
  }
  render(<Unattached />);
  expect(screen.getByText('Loading…')).toBeVisible();
});
