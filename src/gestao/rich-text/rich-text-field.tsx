/**
 * A text the public site shows formatted (a synopsis, credits, news, a page), edited as formatted
 * text rather than HTML: a toolbar, the shortcuts of every word processor, and a paste from Word or
 * Google Docs cleaned to what the site renders. The field's value stays the HTML the server stores
 * (and sanitises again); "HTML" shows it, for the rare text with a picture or a video in it, which
 * opens there because the editor would drop them.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { elementsOnlyHtmlKeeps, type HtmlOnlyElement } from './html-only';
import './rich-text-field.css';

// The editor (Tiptap and ProseMirror) is fetched with the first form that has a formatted text.
const VisualEditor = lazy(() => import('./visual-editor'));

export interface RichTextFieldProps {
  id: string;
  /** The id of the field's visible label, which names the editor. */
  labelId: string;
  /** The label's words, which name its toolbar too ("Formatação: sinopse"). */
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  lang?: string;
  rows?: number;
}

export function RichTextField(props: RichTextFieldProps) {
  const { t, i18n } = useLingui();
  const onlyHtml = elementsOnlyHtmlKeeps(props.value);
  const [asHtml, setAsHtml] = useState(onlyHtml.length > 0);
  const canFormat = onlyHtml.length === 0;
  const elements = onlyHtml.map((tag) => i18n._(ELEMENT_NAMES[tag])).join(', ');
  return (
    <div className={`gestao-rich${props.disabled ? ' gestao-rich--disabled' : ''}`}>
      {asHtml ? (
        <>
          <textarea
            id={props.id}
            className="gestao-rich__source"
            rows={props.rows ?? 8}
            value={props.value}
            disabled={props.disabled}
            lang={props.lang}
            aria-invalid={props.invalid || undefined}
            aria-describedby={[props.describedBy, canFormat ? '' : `${props.id}-so-html`].filter(Boolean).join(' ') || undefined}
            onChange={(e) => props.onChange(e.target.value)}
            onBlur={props.onBlur}
          />
          {!canFormat && (
            <p className="gestao-field__help" id={`${props.id}-so-html`}>
              {t`Este texto tem ${elements}, que o editor não mostra: edite-o em HTML.`}
            </p>
          )}
        </>
      ) : (
        <Suspense
          fallback={
            <p className="gestao-rich__loading" role="status">
              <Trans>A abrir o editor…</Trans>
            </p>
          }
        >
          <VisualEditor {...props} />
        </Suspense>
      )}
      <div className="gestao-rich__mode">
        <button
          type="button"
          className="gestao-quiet"
          aria-pressed={asHtml}
          disabled={props.disabled || (asHtml && !canFormat)}
          onClick={() => setAsHtml(!asHtml)}
        >
          HTML
        </button>
      </div>
    </div>
  );
}

const ELEMENT_NAMES: Record<HtmlOnlyElement, MessageDescriptor> = {
  table: msg`uma tabela`,
  img: msg`uma imagem`,
  iframe: msg`um vídeo incorporado`,
  figure: msg`uma figura`,
  small: msg`letra pequena`,
};
