// The article body's editor (decision 045): TipTap, with only the nodes and marks the stored body
// allows, so what a person types or pastes is already what the server will take. Loaded only
// when an article's editor opens (field-editors.tsx), never on a public page.
import Blockquote from "@tiptap/extension-blockquote";
import Bold from "@tiptap/extension-bold";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Heading from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import Italic from "@tiptap/extension-italic";
import Link from "@tiptap/extension-link";
import { BulletList, ListItem, OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import { UndoRedo } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { Field, type FieldMeta } from "#app/components/ui/field.tsx";
import { Library, Upload } from "#app/media/image-picker.tsx";
import { articleBodyLimits, articleBodyMessages, isArticleLink, isLibraryPicture } from "./article-body.ts";
import { cleanPastedHtml } from "./pasted-html.ts";

const headingLevels = [2, 3] as const;

/** Headings 2 and 3 only (the title is the page's 1): a pasted Heading 1 stays a heading, as a 2; 4 to 6 become 3. */
const ArticleHeading = Heading.extend({
  parseHTML() {
    return [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: Math.min(Math.max(level, 2), 3) } }));
  },
}).configure({ levels: [...headingLevels] });

/** A link keeps its address only (a pasted target, rel or class means nothing here); an address the site would not show is not a link. */
const ArticleLink = Link.extend({
  addAttributes() {
    return { href: { default: null } };
  },
}).configure({
  openOnClick: false,
  autolink: false,
  linkOnPaste: false,
  HTMLAttributes: { target: null, rel: null, class: null },
  isAllowedUri: (url) => isArticleLink(url),
});

/** A picture from the media library with its description; any other picture is not taken. */
const ArticleImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: "" } };
  },
  parseHTML() {
    return [{ tag: "img[src]", getAttrs: (element) => (isLibraryPicture(element.getAttribute("src")) ? {} : false) }];
  },
}).configure({ inline: false, allowBase64: false });

const extensions = [
  Document,
  Paragraph,
  Text,
  HardBreak,
  ArticleHeading,
  Bold,
  Italic,
  Blockquote,
  BulletList,
  OrderedList,
  ListItem,
  ArticleLink,
  ArticleImage,
  UndoRedo,
];

export type RichTextEditorProps = {
  /** The body as the form holds it: the editor's JSON, as text. */
  initial: string;
  /** Called with the body's JSON, as text, after every change. */
  onChange: (json: string) => void;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
};

function initialContent(initial: string): object | undefined {
  try {
    const parsed: unknown = JSON.parse(initial);
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export default function RichTextEditor({ initial, onChange, labelId, describedBy, invalid }: RichTextEditorProps) {
  const [pasteNote, setPasteNote] = useState<string | null>(null);
  const editor = useEditor({
    extensions,
    content: initialContent(initial),
    immediatelyRender: false,
    // The site's policy allows no inline style: the editor's few rules are in app.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "article-body min-h-64 px-4 py-3 focus:outline-none",
      },
      transformPastedHTML(html) {
        const cleaned = cleanPastedHtml(html);
        setPasteNote(
          cleaned.picturesLeftOut > 0
            ? `${cleaned.picturesLeftOut === 1 ? "A picture" : `${cleaned.picturesLeftOut} pictures`} from the pasted text ${cleaned.picturesLeftOut === 1 ? "was" : "were"} left out: add ${cleaned.picturesLeftOut === 1 ? "it" : "them"} with Picture, from the library.`
            : null,
        );
        return cleaned.html;
      },
    },
    onUpdate: ({ editor: changed }) => onChange(JSON.stringify(changed.getJSON())),
  });
  return (
    <div className={`mt-1.5 rounded-lg border bg-white focus-within:border-brand ${invalid ? "border-clay-dark" : "border-[#8a8f8c]"}`}>
      {editor ? <Toolbar editor={editor} /> : null}
      {editor ? null : (
        <p role="status" className="px-4 py-3 text-sm text-muted">
          Loading the editor...
        </p>
      )}
      <EditorContent editor={editor} />
      {pasteNote ? (
        <p role="status" className="border-t border-line px-4 py-2 text-sm text-ink">
          {pasteNote}
        </p>
      ) : null}
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: shown }) => ({
      h2: shown.isActive("heading", { level: 2 }),
      h3: shown.isActive("heading", { level: 3 }),
      bold: shown.isActive("bold"),
      italic: shown.isActive("italic"),
      bulletList: shown.isActive("bulletList"),
      orderedList: shown.isActive("orderedList"),
      blockquote: shown.isActive("blockquote"),
      link: shown.isActive("link"),
      canUndo: shown.can().undo(),
      canRedo: shown.can().redo(),
    }),
  });
  const [panel, setPanel] = useState<"link" | "picture" | null>(null);
  const chain = () => editor.chain().focus();
  return (
    <div className="sticky top-0 z-10 rounded-t-lg border-b border-line bg-sand/95">
      {/* One row on a phone, scrolled sideways, so it does not take the screen above the keyboard. */}
      <div role="toolbar" aria-label="Formatting" className="flex gap-1 overflow-x-auto p-1.5 sm:flex-wrap">
        <ToolButton pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          Heading
        </ToolButton>
        <ToolButton pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          Subheading
        </ToolButton>
        <ToolButton pressed={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>Bold</strong>
        </ToolButton>
        <ToolButton pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>Italic</em>
        </ToolButton>
        <ToolButton pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          Bullets
        </ToolButton>
        <ToolButton pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          Numbers
        </ToolButton>
        <ToolButton pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          Quote
        </ToolButton>
        <ToolButton expanded={panel === "link"} pressed={state.link} onClick={() => setPanel(panel === "link" ? null : "link")}>
          Link
        </ToolButton>
        <ToolButton expanded={panel === "picture"} onClick={() => setPanel(panel === "picture" ? null : "picture")}>
          Picture
        </ToolButton>
        <ToolButton disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          Undo
        </ToolButton>
        <ToolButton disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          Redo
        </ToolButton>
      </div>
      {panel === "link" ? <LinkPanel editor={editor} close={() => setPanel(null)} /> : null}
      {panel === "picture" ? <PicturePanel editor={editor} close={() => setPanel(null)} /> : null}
    </div>
  );
}

function ToolButton({
  pressed,
  expanded,
  disabled,
  onClick,
  children,
}: {
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
      // The editor keeps its selection while a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      className="min-h-11 shrink-0 rounded-md px-3 text-sm font-medium text-ink hover:bg-white disabled:opacity-50 aria-pressed:bg-brand-dark aria-pressed:text-white"
    >
      {children}
    </button>
  );
}

/** A panel's own field: not part of the page's form (no name, so it posts nothing). */
function panelField(id: string, error: string | null): FieldMeta {
  return { id, name: "", errorId: `${id}-error`, descriptionId: `${id}-hint`, errors: error ? [error] : undefined };
}

/** Enter in a panel's field does the panel's work: it must not send the page's form. */
function onEnter(act: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    act();
  };
}

/** The address of a link on the selected words: set, changed or removed. */
function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const current = editor.getAttributes("link").href;
  const [href, setHref] = useState(typeof current === "string" ? current : "");
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const address = href.trim();
    if (!isArticleLink(address)) {
      setError(articleBodyMessages.link);
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      setError("Select the words to link first, then press Link.");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: address }).run();
    close();
  };
  return (
    <fieldset className="border-t border-line p-3">
      <legend className="sr-only">A link</legend>
      <Field
        field={panelField(id, error)}
        label="Link address"
        description="A page of this site (/contact), an https:// address, mailto: or tel:."
        type="text"
        inputMode="url"
        value={href}
        maxLength={articleBodyLimits.hrefLength}
        onChange={(event) => {
          setHref(event.target.value);
          setError(null);
        }}
        onKeyDown={onEnter(apply)}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-quiet" onClick={apply}>
          Apply link
        </button>
        {editor.isActive("link") ? (
          <button
            type="button"
            className="btn-quiet"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              close();
            }}
          >
            Remove link
          </button>
        ) : null}
        <button type="button" className="btn-quiet" onClick={close}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** A picture into the body: uploaded or chosen from the library, then described (alt text is required). */
function PicturePanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const [src, setSrc] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const chosen = (url: string) => {
    setSrc(url);
    setError(null);
    // The description is asked for next.
    requestAnimationFrame(() => altRef.current?.focus());
  };
  const insert = () => {
    if (!src || !isLibraryPicture(src)) {
      setError(articleBodyMessages.imageSource);
      return;
    }
    if (alt.trim() === "") {
      setError(articleBodyMessages.imageAlt);
      altRef.current?.focus();
      return;
    }
    editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
    close();
  };
  return (
    <fieldset className="space-y-3 border-t border-line p-3">
      <legend className="sr-only">A picture for the article</legend>
      <Upload
        name="bodyPictureUpload"
        label="the article"
        says="Upload a picture"
        ownerId={undefined}
        success={undefined}
        onUploaded={chosen}
      />
      <Library label="the article" onChoose={chosen} />
      {src ? <img src={src} alt="" className="aspect-video w-40 rounded-lg object-cover" /> : null}
      <Field
        field={panelField(id, error)}
        label="Description of this picture (alt text)"
        description="What the picture shows, read to people who cannot see it."
        ref={altRef}
        type="text"
        value={alt}
        maxLength={articleBodyLimits.altLength}
        onChange={(event) => {
          setAlt(event.target.value);
          setError(null);
        }}
        onKeyDown={onEnter(insert)}
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-quiet" onClick={insert}>
          Insert picture
        </button>
        <button type="button" className="btn-quiet" onClick={close}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
