import type { Usage } from '@contract/calls';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { paintEarlyUsage, usageTemplate } from '../../scripts/early-usage';
import { EARLY_USAGE, USAGE_SAMPLE } from './earlyUsage';
import { appTheme } from './theme/theme';
import { UsageSummary } from '@/features/calls/UsageSummary';
import { callsApi } from '@/store/api/calls';
import { testStore } from '@/test/lifecycle';

// The app's usage card for an answer, as the build renders it (src/prerender.tsx).
async function appCard(usage: Usage) {
  const { store } = testStore();
  await store.dispatch(callsApi.util.upsertQueryData('getUsage', undefined, usage));
  return renderToString(
    <Provider store={store}>
      <ThemeProvider theme={appTheme()}>
        <UsageSummary />
      </ThemeProvider>
    </Provider>,
  );
}

// app.html's template, then the inline script given the early answer.
async function paintEarly(usage: Usage) {
  document.body.innerHTML = usageTemplate(await appCard(USAGE_SAMPLE));
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the inline script is text: run it as the page does
  new Function('a', `(${paintEarlyUsage})(a)`)(usage);
  return document.getElementById(EARLY_USAGE);
}

const elementOf = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
};
// The progress bar's value and how far its bar is drawn.
const barOf = (card: Element) => [
  card.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'),
  card.querySelector<HTMLElement>('[role="progressbar"] > *')?.style.transform,
];

const TRIAL: Usage = {
  ...USAGE_SAMPLE,
  minutes_used: 7,
  included_minutes: 100,
  trial: { minutes_used: 7, minutes_limit: 300 },
};

test("the early card shows a trial's figures as the app's card does", async () => {
  const painted = (await paintEarly(TRIAL))!;
  const app = elementOf(await appCard(TRIAL));
  expect(painted.textContent).toContain('7 of 100 minutes used');
  expect(painted.textContent).toContain('Free trial: 7 of 300 minutes of calls used.');
  expect(painted.textContent).toBe(app.textContent);
  expect(barOf(painted)[1]).toMatch(/^translateX\(-93/);
  expect(barOf(painted)).toEqual(barOf(app));
});

test.each<[string, Usage]>([
  ['a paid account', { ...TRIAL, trial: null }],
  ['a trial near its limit', { ...TRIAL, trial: { minutes_used: 240, minutes_limit: 300 } }],
  ['a trial with its minutes used up', { ...TRIAL, trial: { minutes_used: 300, minutes_limit: 300 } }],
  ['a trial with extra minutes', { ...TRIAL, overage_cents: 4 }],
])('nothing is painted early for %s: the template does not show its card', async (_, usage) => {
  expect(await paintEarly(usage)).toBeNull();
});
