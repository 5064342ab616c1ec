import type { ReactNode } from "react";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { imageRefFromText } from "#app/media/image-ref.ts";
import {
  type ArticleBlock,
  type ArticleBody,
  type ArticleInline,
  type ArticleListItem,
  headingsOf,
  isArticleLink,
} from "./article-body.ts";

/**
 * An article's body drawn on the server as plain elements (decision 045): the page ships no
 * editor and no script for it. Only the nodes the schema allows are drawn; a link whose address
 * is not one the site shows (it cannot pass the schema, but the stored JSON is read again here)
 * is drawn as its text alone. Top-level headings carry the ids the table of contents links to.
 */
export function ArticleBodyView({ body }: { body: ArticleBody }) {
  const ids = headingsOf(body).map((heading) => heading.id);
  let heading = 0;
  return (
    <div className="article-body">
      {body.content.map((block, index) => {
        const id = block.type === "heading" ? ids[heading++] : undefined;
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a stored body never move while it is drawn
        return <Block key={index} block={block} id={id} />;
      })}
    </div>
  );
}

function Block({ block, id }: { block: ArticleBlock; id?: string | undefined }): ReactNode {
  switch (block.type) {
    case "paragraph":
      return <p>{inlines(block.content)}</p>;
    case "heading":
      return block.attrs.level === 2 ? <h2 id={id}>{inlines(block.content)}</h2> : <h3 id={id}>{inlines(block.content)}</h3>;
    case "bulletList":
      return <ul>{listItems(block.content)}</ul>;
    case "orderedList":
      return <ol start={block.attrs?.start && block.attrs.start !== 1 ? block.attrs.start : undefined}>{listItems(block.content)}</ol>;
    case "blockquote":
      return <blockquote>{blocks(block.content)}</blockquote>;
    case "image": {
      const ref = imageRefFromText(block.attrs.src);
      if (!ref) return null;
      return (
        <figure>
          <ResponsiveImage image={ref} alt={block.attrs.alt} sizes="(min-width: 768px) 720px, 100vw" className="h-auto w-full rounded-xl" />
        </figure>
      );
    }
  }
}

function listItems(items: ReadonlyArray<ArticleListItem>): ReactNode {
  // biome-ignore lint/suspicious/noArrayIndexKey: the items of a stored body never move while it is drawn
  return items.map((item, index) => <li key={index}>{blocks(item.content)}</li>);
}

function blocks(content: ReadonlyArray<ArticleBlock>): ReactNode {
  // biome-ignore lint/suspicious/noArrayIndexKey: as above
  return content.map((block, index) => <Block key={index} block={block} />);
}

function inlines(content: ReadonlyArray<ArticleInline> | undefined): ReactNode {
  return content?.map((node, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: as above
    node.type === "hardBreak" ? <br key={index} /> : <Text key={index} node={node} />,
  );
}

function Text({ node }: { node: Extract<ArticleInline, { type: "text" }> }): ReactNode {
  let shown: ReactNode = node.text;
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold") shown = <strong>{shown}</strong>;
    else if (mark.type === "italic") shown = <em>{shown}</em>;
  }
  const link = node.marks?.find((mark) => mark.type === "link");
  if (link?.type === "link" && isArticleLink(link.attrs.href)) {
    const external = /^https:/i.test(link.attrs.href);
    return (
      <a href={link.attrs.href} rel={external ? "noopener noreferrer" : undefined}>
        {shown}
      </a>
    );
  }
  return shown;
}
