import { Image } from './image';

interface Props {
  poster: string;
  title: string;
  /** Shown only when the item has a trailer. */
  onPlay?: () => void;
}

/** The top of a film, news or activity page: the poster full width, with the title over it. */
export function DetailHero({ poster, title, onPlay }: Props) {
  return (
    <header className={`detail-hero${poster ? '' : ' detail-hero--no-poster'}`}>
      {poster ? <Image src={poster} alt="" width={1280} height={720} lazy={false} className="detail-hero__image" /> : null}
      <div className="detail-hero__overlay">
        <h1 className="detail-hero__title">{title}</h1>
        {onPlay ? (
          <button type="button" className="detail-hero__play" onClick={onPlay}>
            <span className="detail-hero__play-icon" aria-hidden="true">
              ▶
            </span>
            <span className="visually-hidden">Ver o trailer</span>
          </button>
        ) : null}
      </div>
    </header>
  );
}
