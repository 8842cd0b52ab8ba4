/**
 * The trailer player (spec "Video", section 9): an embedded frame in a modal overlay. Below 900 px
 * of window width it fills the screen; otherwise it is half the window wide (the whole window
 * under 640 px) and 0.56 of its width high. The overlay or Escape closes it. As in the spec, the
 * state is the playing id, 0 meaning closed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './video-player.css';

const VIDEO_FULL_SCREEN_BELOW_PX = 900;
const VIDEO_FULL_WIDTH_BELOW_PX = 640;
const VIDEO_WIDTH_RATIO = 0.5;
const VIDEO_HEIGHT_RATIO = 0.56;

interface VideoFrameSize {
  fullScreen: boolean;
  width: number;
  height: number;
}

/** The player's layout for a window width (the full-screen popup ignores width and height). */
function videoFrameSize(windowWidth: number): VideoFrameSize {
  const width = Math.round(windowWidth < VIDEO_FULL_WIDTH_BELOW_PX ? windowWidth : windowWidth * VIDEO_WIDTH_RATIO);
  return { fullScreen: windowWidth < VIDEO_FULL_SCREEN_BELOW_PX, width, height: Math.round(width * VIDEO_HEIGHT_RATIO) };
}

/** The playing video's id: 0 when closed. */
export function useVideoState() {
  const [playingId, setPlayingId] = useState(0);
  const play = useCallback((id: number | string) => setPlayingId(Number(id) || -1), []);
  const close = useCallback(() => setPlayingId(0), []);
  return { playingId, play, close };
}

interface Props {
  playingId: number;
  /** The frame's source: the film's video_url (a news item's already ends in /news). */
  src: string;
  title: string;
  onClose: () => void;
}

export function VideoPlayer({ playingId, src, title, onClose }: Props) {
  if (playingId === 0 || !src) return null;
  return <OpenPlayer src={src} title={title} onClose={onClose} />;
}

function OpenPlayer({ src, title, onClose }: Omit<Props, 'playingId'>) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // Mounted only after a click in the browser: measure before the first paint.
  const [windowWidth, setWindowWidth] = useState<number | null>(null);
  const { t } = useLingui();
  const label = t`Trailer: ${title}`;

  useLayoutEffect(() => {
    const update = () => setWindowWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [onClose]);

  const size = windowWidth === null ? null : videoFrameSize(windowWidth);
  const focusFirst = () => closeButton.current?.focus();
  const focusLast = () => (frame.current ?? closeButton.current)?.focus();

  return (
    <div
      className={`video-overlay${size?.fullScreen ? ' video-overlay--full' : ''}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* Focus guards: Tab does not leave the dialog. */}
      <span tabIndex={0} className="visually-hidden" onFocus={focusLast} />
      <div
        className={`video-player${size?.fullScreen ? ' video-player--full' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        style={size && !size.fullScreen ? { width: size.width } : undefined}
      >
        <button ref={closeButton} type="button" className="button video-player__close" onClick={onClose}>
          <Trans>Fechar</Trans>
        </button>
        {size ? (
          <iframe
            ref={frame}
            className="video-player__frame"
            src={src}
            title={label}
            width={size.fullScreen ? undefined : size.width}
            height={size.fullScreen ? undefined : size.height}
            allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
          />
        ) : null}
      </div>
      <span tabIndex={0} className="visually-hidden" onFocus={focusFirst} />
    </div>
  );
}
