/**
 * The layout shared by the film, news and activity pages: the poster hero with the title (and the
 * play button when there is a trailer), the lead lines, actions and share buttons, then the body.
 */
import type { ReactNode } from 'react';
import type { Locale } from '../common/i18n/locales';
import { DetailHero } from './detail-hero';
import { ShareButtons } from './share-buttons';
import { useVideoState, VideoPlayer } from './video-player';
import './detail-layout.css';

interface Props {
  kind: 'film' | 'news' | 'activity';
  id: string;
  poster: string;
  /** An uploaded poster's alt text and focal point. */
  picture?: { alt: string; focusX: number; focusY: number };
  title: string;
  /** The title's language, where the answer has one (a film's at /en/ without an English title: pt-PT). */
  titleLang?: Locale;
  /** The trailer's frame URL; '' (or absent) hides the play button. */
  videoUrl?: string;
  /** What the share buttons carry as summary. */
  summary: string;
  /** A visible label for the share block. */
  shareLabel?: string;
  /** Lines under the title: director, date, keywords, logline... */
  lead?: ReactNode;
  /** Buttons beside the share block (the film's buy button). */
  actions?: ReactNode;
  children?: ReactNode;
}

export function DetailLayout({
  kind,
  id,
  poster,
  picture,
  title,
  titleLang,
  videoUrl = '',
  summary,
  shareLabel,
  lead,
  actions,
  children,
}: Props) {
  const video = useVideoState();
  return (
    <article className={`detail detail--${kind}`}>
      <DetailHero
        poster={poster}
        picture={picture}
        title={title}
        titleLang={titleLang}
        onPlay={videoUrl ? () => video.play(id) : undefined}
      />
      <div className="detail__body">
        {lead ? <div className="detail__lead">{lead}</div> : null}
        <div className="detail__actions">
          {actions}
          <ShareButtons title={title} summary={summary} image={poster} label={shareLabel} />
        </div>
        <div className="detail__content">{children}</div>
      </div>
      <VideoPlayer playingId={video.playingId} src={videoUrl} title={title} onClose={video.close} />
    </article>
  );
}
