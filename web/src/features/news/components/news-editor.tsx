// The rich-text editor of a news item (TipTap): bold, italic, inline code, lists, quotes and code blocks,
// with Markdown shortcuts (**жирный**, `код`, > цитата, ``` блок кода), pictures inserted through the
// upload dialog, and undo history 100 steps deep, typing grouped by 500 ms pauses. Only what the server
// keeps can be made: no headings or rules. Loaded only by the pages that edit news.
import { useEffect, useState } from 'react';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { newsMessages as m } from '../messages.ts';
import { ImageDialog } from './image-dialog.tsx';
import '../editor.css';

const HISTORY = { depth: 100, newGroupDelay: 500 };

/** The HTML without the empty paragraphs the editor keeps after a last quote or code block to type in. */
const withoutTrailingLines = (html: string) => html.replace(/(?:<p><\/p>)+$/, '');

interface Props {
  /** The element that names the editor (its label). */
  labelledBy: string;
  initialHtml: string;
  /** The HTML after every change; '' for an empty document. */
  onChange(html: string): void;
  disabled?: boolean;
}

const MARKS = [
  { name: 'bold', label: m.bold, icon: 'Ж', run: (e: Editor) => e.chain().focus().toggleBold().run() },
  { name: 'italic', label: m.italic, icon: 'К', run: (e: Editor) => e.chain().focus().toggleItalic().run() },
  { name: 'code', label: m.code, icon: '</>', run: (e: Editor) => e.chain().focus().toggleCode().run() },
  { name: 'bulletList', label: m.bulletList, icon: '•', run: (e: Editor) => e.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', label: m.orderedList, icon: '⒈', run: (e: Editor) => e.chain().focus().toggleOrderedList().run() },
  { name: 'blockquote', label: m.blockquote, icon: '❝', run: (e: Editor) => e.chain().focus().toggleBlockquote().run() },
  { name: 'codeBlock', label: m.codeBlock, icon: '{ }', run: (e: Editor) => e.chain().focus().toggleCodeBlock().run() },
] as const;

function Toolbar({ editor, disabled, onImage }: { editor: Editor; disabled: boolean; onImage(): void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: Object.fromEntries(MARKS.map((b) => [b.name, e.isActive(b.name)])),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={m.toolbar}>
      {MARKS.map((b) => (
        <button
          key={b.name}
          type="button"
          className={`editor-button editor-${b.name}`}
          aria-label={b.label}
          title={b.label}
          aria-pressed={state.active[b.name]}
          disabled={disabled}
          onClick={() => b.run(editor)}
        >
          <span aria-hidden="true">{b.icon}</span>
        </button>
      ))}
      <button type="button" className="editor-button" aria-label={m.image} title={m.image} disabled={disabled} onClick={onImage}>
        <svg className="editor-icon" viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.8" />
          <path d="M4 18l5-5 3 3 3-4 5 6" />
        </svg>
      </button>
      <span className="editor-separator" aria-hidden="true" />
      <button type="button" className="editor-button" aria-label={m.undo} title={m.undo} disabled={disabled || !state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
        <span aria-hidden="true">↶</span>
      </button>
      <button type="button" className="editor-button" aria-label={m.redo} title={m.redo} disabled={disabled || !state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
        <span aria-hidden="true">↷</span>
      </button>
    </div>
  );
}

export function NewsEditor({ labelledBy, initialHtml, onChange, disabled = false }: Props) {
  const [inserting, setInserting] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        horizontalRule: false,
        undoRedo: HISTORY,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      Placeholder.configure({ placeholder: m.bodyPlaceholder }),
    ],
    content: initialHtml,
    editable: !disabled,
    // The app's policy allows no <style> element: the editor's base styles are in editor.css.
    injectCSS: false,
    editorProps: {
      attributes: { class: 'editor-content', role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelledBy },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : withoutTrailingLines(e.getHTML())),
  });
  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div className={disabled ? 'editor disabled' : 'editor'}>
      <Toolbar editor={editor} disabled={disabled} onImage={() => setInserting(true)} />
      <EditorContent editor={editor} />
      {inserting && (
        <ImageDialog
          onClose={() => setInserting(false)}
          onInsert={(src, alt) => {
            editor.chain().focus().setImage({ src, alt }).run();
            setInserting(false);
          }}
        />
      )}
    </div>
  );
}
