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
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
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
  const [htmlChosen, setHtmlChosen] = useState(false);
  const [editorFailed, setEditorFailed] = useState(false);
  const canFormat = onlyHtml.length === 0 && !editorFailed;
  // Decided at every value, not once: a value put in the form later (the stored version chosen in a
  // conflict, an item moved in a list) with a table or a picture must never reach the editor, which would drop it.
  const asHtml = htmlChosen || !canFormat;
  const elements = new Intl.ListFormat('pt-PT', { type: 'conjunction' }).format(onlyHtml.map((tag) => i18n._(ELEMENT_NAMES[tag])));
  const whyHtml = editorFailed
    ? t`O editor de texto não abriu (sem ligação?): edite o texto em HTML.`
    : t`Este texto tem ${elements}, que o editor não mostra: edite-o em HTML.`;
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
              {whyHtml}
            </p>
          )}
        </>
      ) : (
        <EditorLoadFailure onFailure={() => setEditorFailed(true)}>
          <Suspense
            fallback={
              <p className="gestao-rich__loading" role="status">
                <Trans>A abrir o editor…</Trans>
              </p>
            }
          >
            <VisualEditor {...props} />
          </Suspense>
        </EditorLoadFailure>
      )}
      <div className="gestao-rich__mode">
        <button
          type="button"
          className="gestao-quiet"
          aria-pressed={asHtml}
          aria-label={t`HTML de ${props.label}`}
          disabled={props.disabled || !canFormat}
          onClick={() => setHtmlChosen(!htmlChosen)}
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

/**
 * The editor's code could not be fetched (a deploy replaced it, the phone lost its signal): the
 * field falls back to its HTML, and nothing typed or stored is lost.
 */
class EditorLoadFailure extends Component<{ children: ReactNode; onFailure: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailure();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
