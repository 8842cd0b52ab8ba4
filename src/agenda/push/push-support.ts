/**
 * Whether this device can be told of changes by Web Push, and if not, what the visitor reads
 * instead of a dead button: iOS and iPadOS allow it from 16.4 on, only to a site installed to the
 * home screen; a browser without PushManager cannot; a visitor who refused notifications must
 * allow them again in the browser's settings.
 */
import type { MessageDescriptor } from '../../common/i18n/i18n';

/** Where the offer is in "A minha agenda" (push-offer.tsx), for the note after the third star to link to. */
export const PUSH_OFFER_ANCHOR = 'avisos';

export type PushSupport = 'ready' | 'ios-needs-home-screen' | 'unsupported' | 'denied';

/** Why this device cannot, said instead of the switch (translated by the page: `i18n._(PUSH_SUPPORT_TEXT[support])`). */
export const PUSH_SUPPORT_TEXT: Record<Exclude<PushSupport, 'ready'>, MessageDescriptor> = {
  'ios-needs-home-screen': /*i18n*/ {
    id: 'push.support.iosHomeScreen',
    message:
      'No iPhone e no iPad (iOS 16.4 ou mais recente), os avisos só funcionam com o site instalado no ecrã principal: toque em Partilhar e em «Adicionar ao ecrã principal», e abra-o a partir daí.',
  },
  unsupported: /*i18n*/ {
    id: 'push.support.unsupported',
    message: 'Este navegador não recebe avisos de sites. A agenda continua a mostrar as mudanças quando abre o site.',
  },
  denied: /*i18n*/ {
    id: 'push.support.denied',
    message:
      'As notificações deste site estão bloqueadas neste navegador. Para as voltar a permitir, abra as definições do site (o cadeado junto ao endereço) e autorize as notificações.',
  },
};

const isIos = (nav: Navigator) => /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);

export function pushSupport(win: Window = window): PushSupport {
  const standalone =
    win.matchMedia?.('(display-mode: standalone)').matches || (win.navigator as { standalone?: boolean }).standalone === true;
  if (isIos(win.navigator) && !standalone) return 'ios-needs-home-screen';
  if (!('serviceWorker' in win.navigator) || !('PushManager' in win) || !('Notification' in win)) return 'unsupported';
  if ((win as Window & typeof globalThis).Notification.permission === 'denied') return 'denied';
  return 'ready';
}

/**
 * What the visitor holds, for the offer's words ("neste telemóvel", "neste computador"): a touch
 * screen narrower than a tablet is a phone, a mouse's is a computer, anything else a device.
 */
export type DeviceKind = 'phone' | 'computer' | 'device';
export function deviceKind(win: Window = window): DeviceKind {
  const media = (query: string) => win.matchMedia?.(query).matches === true;
  if (media('(pointer: coarse)')) return media('(max-width: 599px)') ? 'phone' : 'device';
  return media('(pointer: fine)') ? 'computer' : 'device';
}
