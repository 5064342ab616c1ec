import { isLibraryPicture } from "./article-body.ts";

/**
 * What a paste from Word or Google Docs needs before the editor's schema reads it (decision 045,
 * "the paste test"): the schema already drops every style, colour, font and unknown element, so
 * this only puts back the structure those programs write in their own way.
 * - Word writes a list as paragraphs (`MsoListParagraph…`, `mso-list:` in their style) starting with
 *   a bullet or a number it draws itself: they become a real list, without that bullet.
 * - Google Docs puts a `<br>` between blocks: dropped, or each would be an empty paragraph.
 * - Bold and italic written as styles (Google Docs' `font-weight:700` spans inside a `<b>` it marks
 *   `font-weight:normal`) become `<strong>` and `<em>`, read from the style attribute itself: the
 *   site's content security policy keeps pasted styles from applying, so the editor's own rules,
 *   which read the applied style, would take that `<b>` for bold. Then every style is dropped.
 * - A picture not from the media library (a Word picture is a path on the author's computer) is
 *   left out; the count says how many, so the person can add them from the library.
 * Runs in the browser (DOMParser); the server checks the stored body again whatever this does.
 */
export function cleanPastedHtml(html: string): { html: string; picturesLeftOut: number } {
  const document = new DOMParser().parseFromString(html, "text/html");
  const { body } = document;
  joinWordLists(document);
  styleToElements(document);
  for (const br of [...body.querySelectorAll("br")]) {
    if (!br.closest("p, li, h1, h2, h3, h4, h5, h6, blockquote, td")) br.remove();
  }
  let picturesLeftOut = 0;
  for (const image of [...body.querySelectorAll("img")]) {
    if (isLibraryPicture(image.getAttribute("src"))) continue;
    image.remove();
    picturesLeftOut += 1;
  }
  return { html: body.innerHTML, picturesLeftOut };
}

/** A style attribute's value for one property ("font-weight"), as written. */
function styleOf(element: Element, property: string): string | undefined {
  const style = element.getAttribute("style") ?? "";
  return new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, "i").exec(style)?.[1]?.trim().toLowerCase();
}

function isBoldWeight(weight: string | undefined): boolean {
  return weight === "bold" || weight === "bolder" || (weight !== undefined && Number(weight) >= 600);
}

/** Bold and italic said by style become elements; a `<b>` or `<strong>` styled not bold is unwrapped; styles go. */
function styleToElements(document: Document): void {
  for (const element of [...document.body.querySelectorAll("[style]")]) {
    const weight = styleOf(element, "font-weight");
    if ((element.tagName === "B" || element.tagName === "STRONG") && weight !== undefined && !isBoldWeight(weight)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    if (element.tagName === "SPAN") {
      // The span's words wrapped, innermost first: <span><em><strong>words</strong></em></span>.
      for (const [tag, applies] of [
        ["strong", isBoldWeight(weight)],
        ["em", styleOf(element, "font-style") === "italic"],
      ] as const) {
        if (!applies) continue;
        const wrapper = document.createElement(tag);
        wrapper.append(...element.childNodes);
        element.append(wrapper);
      }
    }
    element.removeAttribute("style");
  }
}

const wordBullet = /^\s*(?:[·•▪◦o§\u00b7\uf0b7\uf0a7-]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|[ivxIVX]{1,5}[.)])[\s\u00a0]+/;
const wordNumber = /^\s*(?:\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|[ivxIVX]{1,5}[.)])[\s\u00a0]/;

function isWordListParagraph(element: Element): boolean {
  return element.tagName === "P" && (/MsoListParagraph/i.test(element.className) || /mso-list:/i.test(element.getAttribute("style") ?? ""));
}

/** Word's list paragraphs, each run of them made one `<ul>` or `<ol>` (by its first item's marker). */
function joinWordLists(document: Document): void {
  for (const first of [...document.body.querySelectorAll("p")]) {
    if (!first.isConnected || !isWordListParagraph(first)) continue;
    const previous = first.previousElementSibling;
    if (previous && isWordListParagraph(previous)) continue;
    const run: Array<Element> = [];
    for (let each: Element | null = first; each && isWordListParagraph(each); each = each.nextElementSibling) run.push(each);
    // Word draws the marker in a span it marks `mso-list:Ignore`; older copies carry it as text.
    for (const marker of run.flatMap((item) => [...item.querySelectorAll("[style*='mso-list:Ignore' i]")])) marker.remove();
    const ordered = wordNumber.test(first.textContent ?? "");
    const list = document.createElement(ordered ? "ol" : "ul");
    first.before(list);
    for (const paragraph of run) {
      const item = document.createElement("li");
      const inner = document.createElement("p");
      inner.innerHTML = paragraph.innerHTML;
      stripLeadingMarker(inner);
      item.append(inner);
      list.append(item);
      paragraph.remove();
    }
  }
}

/** Removes a bullet or number Word typed at the start of an item's text. */
function stripLeadingMarker(element: Element): void {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    if (text.trim() === "") continue;
    node.textContent = text.replace(wordBullet, "");
    return;
  }
}
