/**
 * The editor's toolbar: one Tab stop, the arrows move along it (the ARIA toolbar pattern), each
 * button says whether its format is on where the caret is. A link is typed in a line under it,
 * checked before it is set.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, Redo2, Underline, Undo2, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { isSafeLink } from '../../common/text/safe-link';
import { linkAddress } from './link-address';

interface Tool {
  key: string;
  label: MessageDescriptor;
  /** What the button shows: the sign every editor knows from a word processor. */
  Icon: LucideIcon;
  isOn?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  { key: 'bold', label: msg`Negrito`, Icon: Bold, isOn: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  {
    key: 'italic',
    label: msg`Itálico`,
    Icon: Italic,
    isOn: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: 'underline',
    label: msg`Sublinhado`,
    Icon: Underline,
    isOn: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'h2',
    label: msg`Título`,
    Icon: Heading2,
    isOn: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'h3',
    label: msg`Subtítulo`,
    Icon: Heading3,
    isOn: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bullets',
    label: msg`Lista`,
    Icon: List,
    isOn: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'numbers',
    label: msg`Lista numerada`,
    Icon: ListOrdered,
    isOn: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'quote',
    label: msg`Citação`,
    Icon: Quote,
    isOn: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  { key: 'undo', label: msg`Desfazer`, Icon: Undo2, run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', label: msg`Refazer`, Icon: Redo2, run: (e) => e.chain().focus().redo().run() },
];

export function RichTextToolbar({ editor, label, controls }: { editor: Editor; label: string; controls: string }) {
  const { i18n } = useLingui();
  const [focused, setFocused] = useState(0);
  const [linking, setLinking] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      on: Object.fromEntries(TOOLS.map((tool) => [tool.key, tool.isOn?.(e) ?? false])),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const count = TOOLS.length + 1;
  const move = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const to =
      event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : step === undefined ? undefined : (focused + step + count) % count;
    if (to === undefined) return;
    event.preventDefault();
    setFocused(to);
    buttons.current[to]?.focus();
  };
  const enabled = (key: string) => (key === 'undo' ? state.canUndo : key === 'redo' ? state.canRedo : true);
  return (
    <>
      <div className="gestao-rich__toolbar" role="toolbar" aria-label={label} aria-controls={controls} onKeyDown={move}>
        {TOOLS.map((tool, i) => (
          <button
            key={tool.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === focused ? 0 : -1}
            className={`gestao-rich__tool gestao-rich__tool--${tool.key}`}
            aria-label={i18n._(tool.label)}
            title={i18n._(tool.label)}
            aria-pressed={tool.isOn ? state.on[tool.key] : undefined}
            aria-disabled={!enabled(tool.key) || undefined}
            // The caret stays in the text while a button is pressed.
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setFocused(i)}
            onClick={() => enabled(tool.key) && tool.run(editor)}
          >
            <tool.Icon aria-hidden="true" size={18} strokeWidth={2.25} />
          </button>
        ))}
        <button
          ref={(el) => {
            buttons.current[TOOLS.length] = el;
          }}
          type="button"
          tabIndex={focused === TOOLS.length ? 0 : -1}
          className="gestao-rich__tool gestao-rich__tool--link"
          aria-expanded={linking}
          onMouseDown={(e) => e.preventDefault()}
          onFocus={() => setFocused(TOOLS.length)}
          onClick={() => setLinking(!linking)}
        >
          <Link2 aria-hidden="true" size={18} strokeWidth={2.25} /> <Trans>Ligação</Trans>
        </button>
      </div>
      {linking && <LinkLine editor={editor} onDone={() => setLinking(false)} />}
    </>
  );
}

/** The address of the link under the caret (or for the selected words), typed and checked. */
function LinkLine({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const current = String(editor.getAttributes('link').href ?? '');
  const [typed, setTyped] = useState(current);
  const [refused, setRefused] = useState(false);
  const apply = () => {
    const href = linkAddress(typed);
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    if (!isSafeLink(href)) {
      setRefused(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the link's words.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onDone();
  };
  return (
    <div className="gestao-rich__link">
      <label htmlFor={id}>
        <Trans>Endereço da ligação</Trans>
      </label>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={typed}
        autoFocus
        aria-invalid={refused || undefined}
        aria-describedby={refused ? `${id}-erro` : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          setRefused(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
            editor.commands.focus();
          }
        }}
      />
      <button type="button" onClick={apply}>
        <Trans>Aplicar</Trans>
      </button>
      {current !== '' && (
        <button
          type="button"
          className="gestao-quiet"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          <Trans>Tirar a ligação</Trans>
        </button>
      )}
      {refused && (
        <p className="gestao-field__error" id={`${id}-erro`} role="alert">
          {t`Escreva um endereço que comece por https://, mailto: ou tel:, ou um caminho do site que comece por /.`}
        </p>
      )}
    </div>
  );
}
