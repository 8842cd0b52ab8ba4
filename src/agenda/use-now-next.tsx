/**
 * "A decorrer" / "A seguir" on today's programme: which of a day's events are running now and
 * which come next, by the device's clock (so only after hydration) and each session's duration
 * (the saved programme's GET /api/sessions, read only when the day shown is today).
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { useLocale } from '../hooks/use-locale';
import { useRequests } from '../data/use-api';
import { sessionIndexRequest } from './session-index-request';
import { NOW_LABELS, nowAndNext, type NowMark } from './now-next';
import { useLisbonNow } from '../hooks/use-now';
import './use-now-next.css';

const NO_MARKS: Map<string, NowMark> = new Map();

/** The now/next mark of each event of a day, by session id; empty on any day but today. */
export function useNowAndNext(events: { session_id: string; dd: string; mm: string }[]): Map<string, NowMark> {
  const now = useLisbonNow();
  const showsToday =
    now !== null && events.some((e) => Number(e.dd) === Number(now.slice(8, 10)) && Number(e.mm) === Number(now.slice(5, 7)));
  const locale = useLocale();
  const { index } = useRequests({ index: showsToday ? sessionIndexRequest(locale) : null });
  return useMemo(() => {
    if (!now || !showsToday || !index.data) return NO_MARKS;
    const ids = new Set(events.map((e) => e.session_id));
    return nowAndNext(
      index.data.filter((s) => ids.has(s.id)),
      now,
    );
  }, [now, showsToday, index.data, events]);
}

export function NowMarkBadge({ mark }: { mark: NowMark | undefined }) {
  const { i18n } = useLingui();
  if (!mark) return null;
  return <span className={`now-mark now-mark--${mark}`}>{i18n._(NOW_LABELS[mark])}</span>;
}
