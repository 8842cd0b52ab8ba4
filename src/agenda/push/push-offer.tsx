/**
 * The offer in "A minha agenda" (issue 37): a switch that has this phone told, by a notification,
 * when a starred session moves, is delayed, cancelled or sells out; what the server keeps, in two
 * lines; where the device cannot, why, instead of a dead button. Never asked on a first visit:
 * only the visitor's tap on the switch asks the browser's permission.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { say } from '../../common/programme/message-text';
import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLocale } from '../../hooks/use-locale';
import { deviceKind, PUSH_OFFER_ANCHOR, PUSH_SUPPORT_TEXT, pushSupport, type PushSupport } from './push-support';
import {
  keepPushStarsInStep,
  pushEndpointOnThisDevice,
  pushProblemKind,
  turnOffPush,
  turnOnPush,
  type PushProblemKind,
} from './push-subscription';
import './push-offer.css';

/** The switch's name, with the device the visitor holds (deviceKind). */
export const PUSH_OFFER_TITLE = /*i18n*/ {
  id: 'push.offer.title',
  message:
    '{device, select, phone {Avisar-me neste telemóvel se uma sessão da minha agenda mudar} computer {Avisar-me neste computador se uma sessão da minha agenda mudar} other {Avisar-me neste dispositivo se uma sessão da minha agenda mudar}}',
};
export const PUSH_PRIVACY_LINES = [
  msg`O servidor guarda só o endereço de notificações deste navegador e os números das sessões marcadas: sem nome, sem email, sem conta.`,
  msg`Tudo é apagado quando desligar, e 30 dias depois do fim do festival.`,
];

/** What the visitor reads when the switch could not be turned: a sentence of the page's language, never the browser's words. */
const PROBLEMS: Record<PushProblemKind, MessageDescriptor> = {
  refused: msg`O servidor não guardou a subscrição. Tente de novo.`,
  'not-allowed': /*i18n*/ {
    id: 'push.problem.notAllowed',
    message:
      '{device, select, phone {Sem autorização para notificações, o site não pode avisar neste telemóvel.} computer {Sem autorização para notificações, o site não pode avisar neste computador.} other {Sem autorização para notificações, o site não pode avisar neste dispositivo.}}',
  },
  failed: msg`Não foi possível mudar os avisos. Tente de novo.`,
};

export function PushOffer({ sessionIds }: { sessionIds: string[] }) {
  const hydrated = useHydrated();
  const { i18n } = useLingui();
  // The notices are written in the page's language.
  const locale = useLocale();
  const id = useId();
  // Read in the browser only; nothing is shown until hydration, so the server's render agrees.
  const inBrowser = typeof window !== 'undefined';
  const [support, setSupport] = useState<PushSupport | null>(() => (inBrowser ? pushSupport() : null));
  const [on, setOn] = useState(() => inBrowser && pushEndpointOnThisDevice() !== null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblemKind | null>(null);

  // Stars changed here (a session taken out of the agenda): the outbox takes the current list.
  const starsKey = sessionIds.join(',');
  useEffect(() => {
    if (on) void keepPushStarsInStep(locale).catch(() => undefined);
  }, [on, starsKey, locale]);

  // Arrived by the note's link (#avisos): the offer is drawn only after hydration, too late for the
  // browser's own jump to the anchor, so the page goes there itself and the switch takes the focus.
  const section = useRef<HTMLElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!hydrated || window.location.hash !== `#${PUSH_OFFER_ANCHOR}`) return;
    section.current?.scrollIntoView({ block: 'center' });
    toggleButton.current?.focus({ preventScroll: true });
  }, [hydrated]);

  if (!hydrated || support === null) return null;
  const device = deviceKind();

  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) await turnOffPush();
      else await turnOnPush(sessionIds, locale);
      setOn(!on);
    } catch (error) {
      // The browser's own words ("Registration failed - permission denied") are for the console only.
      console.warn('push switch', error);
      setProblem(pushProblemKind(error));
      if (typeof Notification !== 'undefined' && Notification.permission === 'denied') setSupport('denied');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section ref={section} className="push-offer" id={PUSH_OFFER_ANCHOR} aria-labelledby={`${id}-title`}>
      <div className="push-offer__row">
        <h2 className="push-offer__title" id={`${id}-title`}>
          {say(PUSH_OFFER_TITLE, { device }, i18n)}
        </h2>
        {support === 'ready' || on ? (
          <button
            type="button"
            ref={toggleButton}
            role="switch"
            aria-checked={on}
            aria-labelledby={`${id}-title`}
            className="push-offer__switch"
            disabled={busy}
            onClick={() => void toggle()}
          >
            <span aria-hidden="true">{on ? <Trans>Ligado</Trans> : <Trans>Desligado</Trans>}</span>
          </button>
        ) : null}
      </div>
      {support !== 'ready' && !on ? <p className="push-offer__why">{i18n._(PUSH_SUPPORT_TEXT[support])}</p> : null}
      {PUSH_PRIVACY_LINES.map((line) => (
        <p key={line.id} className="push-offer__privacy">
          {i18n._(line)}
        </p>
      ))}
      {problem ? (
        <p className="push-offer__problem" role="alert">
          {say(PROBLEMS[problem], { device }, i18n)}
        </p>
      ) : null}
    </section>
  );
}
