/**
 * "Can I follow this session?" in one line of codes readable in any language
 * ("IT · legendas PT EN · M/12 · LGP"), with its legend one tap away, in the page's language: a
 * disclosure (<details>), so it opens without JavaScript and offline. Nothing for a session that
 * says nothing (an exhibition).
 */
import { useLingui } from '@lingui/react/macro';
import { ACCESS_MARKS, ACCESS_NAMES, followLineParts, type SessionFollow } from '../../common/programme/session-access';
import { FOLLOW_WORDS, followLine } from '../../common/programme/follow-words';
import { say } from '../../common/programme/message-text';
import { useLocale } from '../../hooks/use-locale';
import { languageName } from '../filters/language-name';
import './follow-line.css';

export function FollowLine({
  follow,
  film = true,
  className = '',
}: {
  /** Absent from an answer saved before sessions said it: nothing is shown. */
  follow: SessionFollow | undefined;
  film?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  // A film not classified yet says so; a talk without a rating says nothing of it.
  const line = followLine(follow, film, i18n);
  if (!follow || !line) return null;
  const parts = followLineParts(follow);
  const codes = [...follow.languages, ...follow.subtitles.filter((c) => !follow.languages.includes(c))];
  return (
    <details className={`follow ${className}`}>
      {/* Named in full for a screen reader, which would otherwise spell out "IT · PT" (an aria-label,
          not a hidden span: one inside a summary widened a phone's layout viewport). */}
      <summary className="follow__line" aria-label={`${say(FOLLOW_WORDS.label, {}, i18n)} ${line}`}>
        {line}
      </summary>
      <dl className="follow__legend">
        {codes.map((code) => (
          <div key={code}>
            <dt>{code.toUpperCase()}</dt>
            <dd>{languageName(code, locale)}</dd>
          </div>
        ))}
        {parts.age ? (
          <div>
            <dt>{parts.age}</dt>
            <dd>{say(FOLLOW_WORDS.rated, { age: parts.age.slice(2) }, i18n)}</dd>
          </div>
        ) : film ? (
          <div>
            <dt>{say(FOLLOW_WORDS.unrated, {}, i18n)}</dt>
            <dd>{say(FOLLOW_WORDS.unratedLegend, {}, i18n)}</dd>
          </div>
        ) : null}
        {follow.access.map((feature) => (
          <div key={feature}>
            <dt>{ACCESS_MARKS[feature]}</dt>
            <dd>{i18n._(ACCESS_NAMES[feature])}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
