/**
 * The gentle offer of change notices (issue 37): once per device, after the visitor's third star,
 * a note at the foot of the screen points to the switch in "A minha agenda". It asks the browser
 * nothing (only the switch does) and goes with "Agora não" or when followed; a device that cannot
 * receive notices, or already does, never sees it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { agendaPath } from '../../common/addresses/page-paths';
import { PUSH_OFFER_ANCHOR, pushSupport } from './push-support';
import { keepPushStarsInStep, pushEndpointOnThisDevice } from './push-subscription';
import './push-nudge.css';

/** localStorage: the note was shown on this device. */
const OFFERED_KEY = 'festa.push.offered';
/** The star after which the note is shown. */
export const NUDGE_AFTER_STARS = 3;

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

export function PushNudge({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  // At the foot of the screen, outside the star's row (a film page's star sits in a transformed box).
  return createPortal(
    <aside className="push-nudge" aria-label={t`Avisos de mudanças`}>
      <p className="push-nudge__text" role="status">
        <Trans>Já tem {NUDGE_AFTER_STARS} sessões na agenda. Quer receber um aviso neste telemóvel se alguma mudar?</Trans>
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
