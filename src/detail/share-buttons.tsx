/**
 * Share buttons: Facebook in a 626x436 popup (a share URL carrying url, images, title and
 * summary) and Twitter/X. The shared address is the public site URL plus the current path.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SHARE_POPUP } from '../common/constants';
import { useImageUrl, usePrefs } from '../hooks/use-prefs';
import './share-buttons.css';

interface ShareContent {
  url: string;
  /** Absolute image URL ('' for none). */
  image: string;
  title: string;
  summary: string;
}

const FACEBOOK_SHARER = 'https://www.facebook.com/sharer/sharer.php';
const TWITTER_INTENT = 'https://twitter.com/intent/tweet';

/** Facebook's sharer with the spec's url, images, title and summary (and `u`, which Facebook reads). */
function facebookShareUrl({ url, image, title, summary }: ShareContent): string {
  const query = new URLSearchParams({ u: url, url, images: image, title, summary });
  return `${FACEBOOK_SHARER}?${query.toString()}`;
}

function twitterShareUrl({ url, title }: Pick<ShareContent, 'url' | 'title'>): string {
  const query = new URLSearchParams({ text: title, url });
  return `${TWITTER_INTENT}?${query.toString()}`;
}

/** `path` made absolute on the public site URL (kept as is when already absolute). */
function absoluteUrl(path: string, publicUrl: string): string {
  if (!path || /^https?:\/\//.test(path)) return path;
  if (path.startsWith('//')) return `https:${path}`;
  return `${publicUrl.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Opens the share page in a centred popup; without popups, the link opens it in a new tab. */
function openPopup(event: MouseEvent<HTMLAnchorElement>) {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open(
    event.currentTarget.href,
    'partilhar',
    `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`,
  );
  if (!popup) return;
  popup.opener = null;
  event.preventDefault();
}

interface Props {
  title: string;
  summary: string;
  /** The item's poster (an API image path). */
  image: string;
  /** A visible label for the block (the activities' "PARTILHA"). */
  label?: string;
}

export function ShareButtons({ title, summary, image, label }: Props) {
  const prefs = usePrefs();
  const imageUrl = useImageUrl();
  const { pathname } = useLocation();
  const labelId = useId();
  const { t } = useLingui();
  const publicUrl = prefs?.publicUrl ?? '';
  const content: ShareContent = {
    url: `${publicUrl}${pathname}`,
    image: image ? absoluteUrl(imageUrl(image), publicUrl) : '',
    title,
    summary,
  };
  return (
    <div className="share-buttons" role="group" {...(label ? { 'aria-labelledby': labelId } : { 'aria-label': t`Partilhar` })}>
      {label ? (
        <span id={labelId} className="share-buttons__label">
          {label}
        </span>
      ) : null}
      <ul className="share-buttons__list">
        <li>
          <a
            className="share-buttons__link share-buttons__link--facebook"
            href={facebookShareUrl(content)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={openPopup}
          >
            <Trans>
              <span className="visually-hidden">Partilhar no </span>Facebook
            </Trans>
          </a>
        </li>
        <li>
          <a
            className="share-buttons__link share-buttons__link--twitter"
            href={twitterShareUrl(content)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Trans>
              <span className="visually-hidden">Partilhar no </span>Twitter
            </Trans>
          </a>
        </li>
      </ul>
    </div>
  );
}
