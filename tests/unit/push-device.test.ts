/** The offer of change notices names what the visitor holds: a phone, a computer, or else a device. */
import { describe, expect, it } from 'vitest';
import { deviceKind } from '../../src/agenda/push/push-support';
import { say } from '../../src/common/programme/message-text';
import { PUSH_OFFER_TITLE } from '../../src/agenda/push/push-offer';
import { testI18n } from '../support/i18n';

/** A window whose media queries answer as a device with this pointer and width would. */
const windowOf = (pointer: 'coarse' | 'fine' | 'none', width: number) =>
  ({
    matchMedia: (query: string) => ({
      matches: query.includes('pointer') ? query.includes(pointer) : width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? 0),
    }),
  }) as unknown as Window;

describe('the device the offer names', () => {
  it('is a phone with a touch screen under 600 px, a computer with a mouse, a device otherwise', () => {
    expect(deviceKind(windowOf('coarse', 390))).toBe('phone');
    expect(deviceKind(windowOf('coarse', 1024))).toBe('device');
    expect(deviceKind(windowOf('fine', 1440))).toBe('computer');
    expect(deviceKind(windowOf('fine', 390))).toBe('computer');
    expect(deviceKind(windowOf('none', 1440))).toBe('device');
  });

  it('is said in every language', () => {
    expect(say(PUSH_OFFER_TITLE, { device: 'computer' }, testI18n('pt-PT'))).toBe(
      'Avisar-me neste computador se uma sessão da minha agenda mudar',
    );
    expect(say(PUSH_OFFER_TITLE, { device: 'phone' }, testI18n('en'))).toBe('Notify me on this phone if a session in my schedule changes');
    expect(say(PUSH_OFFER_TITLE, { device: 'device' }, testI18n('it'))).toBe(
      'Avvisami su questo dispositivo se una proiezione della mia agenda cambia',
    );
  });
});
