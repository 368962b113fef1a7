// Date helpers for the subscriber screens: dates and times in the user's locale (a trial's days
// left are rules/days.ts's, from the account's billing time).

// Building a formatter costs far more than using one (a history page formats ten times per render),
// so each locale and style is built once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''} ${options.dateStyle ?? ''} ${options.timeStyle ?? ''}`;
  let built = formatters.get(key);
  if (!built) formatters.set(key, (built = new Intl.DateTimeFormat(locale, options)));
  return built;
}

/** Date and time in the user's own locale and time zone. */
export const formatDateTime = (iso: string, locale?: string): string =>
  formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A day (epoch seconds) as e.g. "December 6, 2026", in the user's locale. */
export const formatDate = (epochSeconds: number, locale?: string): string =>
  formatter(locale, { dateStyle: 'long' }).format(new Date(epochSeconds * 1000));
