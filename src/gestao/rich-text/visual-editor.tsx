/** The formatted-text editor itself (Tiptap), loaded with the first form that needs it (rich-text-field.tsx). */
import { Trans, useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { cleanPastedHtml } from './clean-pasted-html';
import { editorExtensions, storedHtml } from './editor-schema';
import type { RichTextFieldProps } from './rich-text-field';
import { RichTextToolbar } from './rich-text-toolbar';

export default function VisualEditor({
  id,
  labelId,
  label,
  value,
  onChange,
  onBlur,
  disabled,
  describedBy,
  invalid,
  lang,
  rows,
}: RichTextFieldProps) {
  const { t } = useLingui();
  // What the editor last wrote: a value other than it came from outside (a merge, a restored
  // draft, a reset after saving) and replaces the editor's content.
  const written = useRef(value);
  const handlers = useRef({ onChange, onBlur });
  // The editor keeps the callbacks it was made with: they reach the form's latest through this.
  useLayoutEffect(() => {
    handlers.current = { onChange, onBlur };
  });
  const editor = useEditor({
    extensions: editorExtensions(),
    // Tiptap's own <style> element would be refused by the content security policy: rich-text-field.css has it.
    injectCSS: false,
    content: value,
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: editorAttributes({ id, labelId, describedBy, invalid, lang, rows }),
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: changed }) => {
      const html = storedHtml(changed.getHTML(), changed.isEmpty);
      written.current = html;
      handlers.current.onChange(html);
    },
    onBlur: () => handlers.current.onBlur(),
  });

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => editor.setEditable(!disabled, false), [editor, disabled]);
  // A <label> focuses only form controls; the editor is a contenteditable <div>, so its label's click is passed on.
  useEffect(() => {
    const labelElement = document.getElementById(labelId);
    if (!labelElement || disabled) return;
    const focusEditor = () => editor.commands.focus('end');
    labelElement.addEventListener('click', focusEditor);
    return () => labelElement.removeEventListener('click', focusEditor);
  }, [editor, labelId, disabled]);
  useEffect(() => {
    editor.setOptions({
      editorProps: { ...editor.options.editorProps, attributes: editorAttributes({ id, labelId, describedBy, invalid, lang, rows }) },
    });
  }, [editor, id, labelId, describedBy, invalid, lang, rows]);

  return (
    <>
      {!disabled && <RichTextToolbar editor={editor} label={t`Formatação: ${label}`} controls={id} />}
      <EditorContent editor={editor} className="gestao-rich__content" />
      {!disabled && (
        <p className="gestao-rich__hint">
          <Trans>
            Ctrl+B negrito, Ctrl+I itálico. Um texto colado do Word ou do Google Docs fica só com a formatação que o site mostra.
          </Trans>
        </p>
      )}
    </>
  );
}

function editorAttributes({
  id,
  labelId,
  describedBy,
  invalid,
  lang,
  rows,
}: Pick<RichTextFieldProps, 'id' | 'labelId' | 'describedBy' | 'invalid' | 'lang' | 'rows'>): Record<string, string> {
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    // The height is a class: the back office's policy refuses style attributes.
    class: `gestao-rich__editable gestao-rich__editable--${(rows ?? 6) > 6 ? 'tall' : 'short'}`,
  };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  if (lang) attributes.lang = lang;
  return attributes;
}
