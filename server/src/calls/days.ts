// The history's date filters are whole UTC days, both ends included (YYYY-MM-DD).

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** The first instant of `startDate` and the first instant after `endDate`, for created_at >= / <. */
export const dayBounds = (startDate?: string, endDate?: string) => ({
  from: startDate && `${startDate}T00:00:00.000Z`,
  until: endDate && nextDay(endDate),
});
