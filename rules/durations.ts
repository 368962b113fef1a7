// How a call's length reads wherever it is shown (the history, the call panel, the CSV file):
// minutes:seconds (docs/product.md, "Calls").

/** A duration in seconds as minutes:seconds: 75 → "1:15", 3725 → "62:05". */
export const minutesSeconds = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
