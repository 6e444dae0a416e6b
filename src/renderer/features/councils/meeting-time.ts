// A meeting's date and time as the form holds them (a calendar day and "HH:MM" on the reader's
// clock) and as the API takes them (an ISO instant).

export const TIME_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** The instant of `day` ("YYYY-MM-DD") at `time` ("HH:MM") local time, or null when either is not valid. */
export function meetingInstant(day: string | null, time: string): string | null {
  const match = TIME_PATTERN.exec(time.trim());
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !match) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const instant = new Date(year, month - 1, date, Number(match[1]), Number(match[2]));
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The local day and time of an ISO instant, for the form. */
export function dayAndTime(iso: string): { day: string; time: string } {
  const value = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`, time: `${pad(value.getHours())}:${pad(value.getMinutes())}` };
}
