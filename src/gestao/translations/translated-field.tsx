/**
 * A localised field edited side by side: the pt-PT first, then each translation under it, with its
 * state: "Por traduzir" (visitors read the pt-PT above), "A rever" (the pt-PT changed after it was
 * written: fix it, or say it still holds) or nothing when it is current. Typing a translation marks
 * it as made from the pt-PT shown above it (its source); the server keeps that per field and
 * language, so two people translating two languages of one record never conflict.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormikContext } from 'formik';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Locale } from '../../common/i18n/locales';
import {
  asText,
  TRANSLATED_LOCALES,
  sourceColumn,
  sourceFingerprint,
  translationColumn,
  translationState,
  type TranslatedLocale,
} from '../../common/gestao/translations';
import './translated-field.css';

/** How the form draws one of its fields here: in its language, with the translation's state. */
export interface SlotProps {
  name: string;
  lang: Locale;
  note?: ReactNode;
}

interface TranslatedFieldProps {
  name: string;
  renderField: (slot: SlotProps) => ReactNode;
}

/** A translated language's name, as a heading or a tab says it, and as it reads inside a sentence. */
export const LANGUAGE_NAMES: Record<TranslatedLocale, { title: MessageDescriptor; inText: MessageDescriptor }> = {
  en: { title: msg`Inglês`, inText: msg`inglês` },
  it: { title: msg`Italiano`, inText: msg`italiano` },
};

/** The address of one translation in a record's screen (the "por traduzir" list links to it). */
export const translationAnchor = (field: string, locale: TranslatedLocale) => `campo-${translationColumn(field, locale)}`;

export function TranslatedField({ name, renderField }: TranslatedFieldProps) {
  return (
    <div className="gestao-translated">
      {renderField({ name, lang: 'pt-PT' })}
      {TRANSLATED_LOCALES.map((locale) => (
        <TranslationSlot key={locale} field={name} locale={locale} renderField={renderField} />
      ))}
    </div>
  );
}

function TranslationSlot({
  field,
  locale,
  renderField,
}: {
  field: string;
  locale: TranslatedLocale;
  renderField: TranslatedFieldProps['renderField'];
}) {
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  const { i18n, t } = useLingui();
  const column = translationColumn(field, locale);
  const anchor = translationAnchor(field, locale);
  const text = asText(values[column]);
  const source = asText(values[field]);
  const confirm = () => void setFieldValue(sourceColumn(field, locale), sourceFingerprint(source), false);
  // A translation typed here is made from the pt-PT shown above it.
  const typed = useRef(text);
  useEffect(() => {
    if (typed.current === text) return;
    typed.current = text;
    confirm();
    // Only a change of the translation itself says so; the pt-PT changing makes it "a rever".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  // Arrived from the list of what is left to translate: this is the field to write.
  useEffect(() => {
    if (window.location.hash !== `#${anchor}`) return;
    const box = document.getElementById(anchor);
    if (!box) return;
    box.scrollIntoView({ block: 'center' });
    const focused = () => {
      const field = box.querySelector<HTMLElement>('[contenteditable="true"], textarea, input');
      field?.focus();
      return field !== null;
    };
    if (focused()) return;
    // A formatted text's editor arrives a moment later (its code comes with the first form that has one).
    const arrival = new MutationObserver(() => focused() && arrival.disconnect());
    arrival.observe(box, { childList: true, subtree: true });
    return () => arrival.disconnect();
  }, [anchor]);
  const state = translationState(values, field, locale);
  const name = i18n._(LANGUAGE_NAMES[locale].inText);
  const note =
    state === 'missing' ? (
      <>
        <span className="gestao-pill gestao-pill--missing">{t`Por traduzir`}</span>{' '}
        <Trans>Os visitantes em {name} leem o texto em português.</Trans>
      </>
    ) : state === 'stale' ? (
      <>
        <span className="gestao-pill gestao-pill--stale">{t`A rever`}</span>{' '}
        <Trans>O texto em português mudou depois desta tradução.</Trans>{' '}
        <button type="button" className="gestao-quiet" onClick={confirm}>
          <Trans>A tradução continua certa</Trans>
        </button>
      </>
    ) : undefined;
  return (
    <div id={anchor} className={`gestao-translated__slot gestao-translated__slot--${state}`}>
      {renderField({ name: column, lang: locale, note })}
    </div>
  );
}
