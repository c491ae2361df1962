import type { AdminMessageKey } from './i18n/messages';
import { t } from './i18n/text';

/** Dates and durations as people read them, with the exact value kept machine-readable. */

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** A <time> element: the local, readable form on screen, the ISO instant in `dateTime` and as a tooltip. */
export function Time({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="muted">—</span>;
  return (
    <time dateTime={value} title={value}>
      {formatDateTime(value)}
    </time>
  );
}

/** "in 5 minutes", "3 hours ago": how far an instant is from now. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** Seconds as the largest whole unit that fits: 86400 → "1 day", 600 → "10 minutes". */
export function formatSeconds(value: number): string {
  const units: [AdminMessageKey, number][] = [
    ['common.duration.days', 86_400],
    ['common.duration.hours', 3600],
    ['common.duration.minutes', 60],
  ];
  for (const [unit, size] of units) {
    if (value >= size && value % size === 0) return t(unit, { count: value / size });
  }
  return t('common.duration.seconds', { count: value });
}
