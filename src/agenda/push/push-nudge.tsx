/**
 * The gentle offer of change notices (issue 37): once per device, after the visitor's third star,
 * a note at the foot of the screen points to the switch in "A minha agenda". It asks the browser
 * nothing (only the switch does) and goes with "Agora não" or when followed; a device that cannot
 * receive notices, or already does, never sees it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { say } from '../../common/programme/message-text';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { agendaPath } from '../../common/addresses/page-paths';
import { deviceKind, PUSH_OFFER_ANCHOR, pushSupport } from './push-support';
import { keepPushStarsInStep, pushEndpointOnThisDevice } from './push-subscription';
import './push-nudge.css';

/** localStorage: the note was shown on this device. */
const OFFERED_KEY = 'festa.push.offered';
/** The star after which the note is shown. */
export const NUDGE_AFTER_STARS = 3;

const NUDGE_TEXT = /*i18n*/ {
  id: 'push.nudge.text',
  message:
    '{device, select, phone {Já tem {stars} sessões na agenda. Quer receber um aviso neste telemóvel se alguma mudar?} computer {Já tem {stars} sessões na agenda. Quer receber um aviso neste computador se alguma mudar?} other {Já tem {stars} sessões na agenda. Quer receber um aviso neste dispositivo se alguma mudar?}}',
};

/** Whether a star that brought the agenda to `stars` sessions shows the note; if so, it is marked as shown. */
export function takeNudgeTurn(stars: number, win: Window = window): boolean {
  const storage = win.localStorage;
  if (stars < NUDGE_AFTER_STARS || storage.getItem(OFFERED_KEY) !== null) return false;
  if (pushEndpointOnThisDevice(storage) !== null || pushSupport(win) !== 'ready') return false;
  storage.setItem(OFFERED_KEY, '1');
  return true;
}

/**
 * What a star does for the change notices, loaded with this module when a star is tapped: the
 * server hears the new list (or the outbox keeps it until it can); after an added star that
 * brought the agenda to `starsAfterAdding`, whether the note is due (null: a star taken out).
 */
export function afterStar(starsAfterAdding: number | null): boolean {
  void keepPushStarsInStep().catch(() => undefined);
  return starsAfterAdding !== null && takeNudgeTurn(starsAfterAdding);
}

/** The stars on the screen the note's box lies over. */
function starsUnder(note: HTMLElement): number {
  const box = note.getBoundingClientRect();
  return [...document.querySelectorAll('.agenda-star button')]
    .map((star) => star.getBoundingClientRect())
    .filter((star) => star.bottom > box.top && star.top < window.innerHeight && star.right > box.left && star.left < box.right).length;
}

/**
 * The note never lies over a star the visitor may tap next: on a phone it leaves the stars'
 * column free (its stylesheet); wider, it takes the foot's other corner when a star is under it.
 * The page gets room at its foot, so that what is under the note can be scrolled above it.
 */
function useRoomFor(note: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = note.current;
    if (!element) return;
    const { body } = document;
    const before = body.style.paddingBottom;
    let placed = false;
    // The note's stylesheet comes with its chunk, maybe after it mounts: it is placed once styled.
    const place = () => {
      if (placed || getComputedStyle(element).position !== 'fixed') return;
      placed = true;
      if (starsUnder(element) > 0) {
        element.classList.add('push-nudge--other-corner');
        if (starsUnder(element) > 0) element.classList.remove('push-nudge--other-corner');
      }
      body.style.paddingBottom = `${window.innerHeight - element.getBoundingClientRect().top}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = before;
    };
  }, [note]);
}

export function PushNudge({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const note = useRef<HTMLElement>(null);
  useRoomFor(note);
  // At the foot of the screen, outside the star's row (a film page's star sits in a transformed box).
  return createPortal(
    <aside ref={note} className="push-nudge" aria-label={t`Avisos de mudanças`}>
      <p className="push-nudge__text" role="status">
        {say(NUDGE_TEXT, { stars: NUDGE_AFTER_STARS, device: deviceKind() }, i18n)}
      </p>
      <div className="push-nudge__actions">
        <Link className="push-nudge__link" to={`${agendaPath()}#${PUSH_OFFER_ANCHOR}`} onClick={onClose}>
          <Trans>Ligar os avisos em «A minha agenda»</Trans>
        </Link>
        <button type="button" className="push-nudge__close" onClick={onClose}>
          <Trans>Agora não</Trans>
        </button>
      </div>
    </aside>,
    document.body,
  );
}
