import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useT } from '../../../lib/i18n.ts';

/**
 * The console's rich-text editor (Tiptap), for articles and the about / terms / privacy pages.
 * Pasted HTML keeps its headings, lists, links and emphasis; anything else is dropped here, and
 * the server cleans what it stores again with its own allow-list. Imported only by admin routes,
 * so visitors never download it.
 */
export function RichEditor({ id, label, value, onChange, describedBy, invalid }: { id: string; label: string; value: string; onChange: (html: string) => void; describedBy?: string; invalid?: boolean }) {
  const t = useT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'], HTMLAttributes: { rel: 'noopener noreferrer nofollow' } } })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text min-h-64 rounded-b-lg border border-t-0 border-slate-300 bg-white px-3 py-2 focus:outline-2 focus:outline-brand',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullets: e.isActive('bulletList'),
            numbers: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
          }
        : null,
  });

  const button = (name: string, active: boolean | undefined, run: () => void, text: string) => (
    <button
      type="button"
      aria-pressed={active ?? false}
      onClick={run}
      disabled={!editor}
      title={name}
      className={`min-w-9 rounded px-2 py-1 text-sm font-semibold ${active ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'}`}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{name}</span>
    </button>
  );
  const setLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t('adminEditorLinkPrompt', 'Address of the link (https://…)'));
    if (href && /^(https?:|mailto:|tel:)/i.test(href.trim())) editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div>
      <div role="toolbar" aria-label={t('adminEditorToolbar', 'Formatting')} aria-controls={id} className="flex flex-wrap gap-1 rounded-t-lg border border-slate-300 bg-slate-50 p-1">
        {button(t('adminEditorBold', 'Bold'), state?.bold, () => editor?.chain().focus().toggleBold().run(), 'B')}
        {button(t('adminEditorItalic', 'Italic'), state?.italic, () => editor?.chain().focus().toggleItalic().run(), 'I')}
        {button(t('adminEditorHeading', 'Heading'), state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run(), 'H2')}
        {button(t('adminEditorSubheading', 'Subheading'), state?.h3, () => editor?.chain().focus().toggleHeading({ level: 3 }).run(), 'H3')}
        {button(t('adminEditorBullets', 'Bulleted list'), state?.bullets, () => editor?.chain().focus().toggleBulletList().run(), '•')}
        {button(t('adminEditorNumbers', 'Numbered list'), state?.numbers, () => editor?.chain().focus().toggleOrderedList().run(), '1.')}
        {button(t('adminEditorQuote', 'Quotation'), state?.quote, () => editor?.chain().focus().toggleBlockquote().run(), '❝')}
        {button(t('adminEditorLink', 'Link'), state?.link, setLink, t('adminEditorLink', 'Link'))}
        {button(t('adminEditorUndo', 'Undo'), false, () => editor?.chain().focus().undo().run(), '↶')}
        {button(t('adminEditorRedo', 'Redo'), false, () => editor?.chain().focus().redo().run(), '↷')}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
