import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Locale } from '../common/i18n/locales';
import { Image } from '../primitives/image';
import { useOnline } from '../hooks/use-online';
import { OfflineNote } from '../primitives/offline-note';
import { DETAIL_POSTER } from '../primitives/picture-sizes';
import './detail-hero.css';
import { useContentLang } from '../hooks/use-content-lang';

interface Props {
  poster: string;
  title: string;
  titleLang?: Locale | undefined;
  /** An uploaded poster's alt text and focal point; a seed poster is decoration (alt=""). */
  picture?: { alt: string; focusX: number; focusY: number };
  /** Shown only when the item has a trailer. */
  onPlay?: () => void;
}

/**
 * The top of a film, news or activity page: the poster full width, with the title over it. The
 * trailer plays from the video host: offline its button is disabled and says why.
 */
export function DetailHero({ poster, title, titleLang, picture, onPlay }: Props) {
  const online = useOnline();
  const noteId = useId();
  const { t } = useLingui();
  const contentLang = useContentLang(titleLang);
  return (
    <header className={`detail-hero${poster ? '' : ' detail-hero--no-poster'}`}>
      {poster ? (
        <Image src={poster} alt={picture?.alt ?? ''} {...DETAIL_POSTER} lazy={false} className="detail-hero__image" focus={picture} />
      ) : null}
      <div className="detail-hero__overlay">
        <h1 className="detail-hero__title" lang={contentLang}>
          {title}
        </h1>
        {onPlay ? (
          <div className="detail-hero__trailer">
            <button
              type="button"
              className="detail-hero__play"
              onClick={onPlay}
              disabled={!online}
              aria-describedby={online ? undefined : noteId}
            >
              <span className="detail-hero__play-icon" aria-hidden="true">
                ▶
              </span>
              <span className="visually-hidden">
                <Trans>Ver o trailer</Trans>
              </span>
            </button>
            {online ? null : <OfflineNote id={noteId}>{t`Sem ligação: o trailer precisa de internet.`}</OfflineNote>}
          </div>
        ) : null}
      </div>
    </header>
  );
}
