import sanitizeHtml from 'sanitize-html';

// Article bodies: the editor's small markup becomes HTML here, and whatever HTML results (the
// markup lets an author paste simple HTML too) goes through sanitize-html with a strict
// allow-list. What the client sent is never stored or shown as HTML without this step.
//
// Why markup in a textarea rather than a contentEditable editor: a textarea is accessible as it
// is (screen readers, spell checking, undo, paste), the toolbar's buttons only insert markup
// around the selection, and there is one converter, on the server, so the preview and the
// website show exactly what is stored.
//
// The markup: blocks separated by blank lines; "## " and "### " headings; lines starting "- " or
// "* " an unordered list, "1. " an ordered one; "> " a quote; other lines a paragraph (single line
// breaks kept as <br>); inline **strong**, *em* and [text](https://…|mailto:…).

const ALLOWED_SCHEME = /^(https?:|mailto:)/i;

/** The allow-list: nothing else survives, no attribute but a link's href and rel. */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Paragraphs left empty by removed content say nothing.
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '',
  // Their content is not text a reader should see either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    // A link leaves the site safely; one without an allowed scheme (relative, javascript:, data:)
    // is not a link at all: an anchor without href, which goes nowhere.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      if (!ALLOWED_SCHEME.test(href)) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer' } };
    },
    // Common equivalents keep their meaning.
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(text: string): string {
  return text
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_match, label: string, href: string) => `<a href="${escapeAttribute(href)}">${label}</a>`)
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\n]+)\*(?!\*)/g, '$1<em>$2</em>');
}

function block(lines: string[]): string {
  const first = lines[0] ?? '';
  if (/^###\s/.test(first) && lines.length === 1) return `<h3>${inline(first.replace(/^###\s+/, ''))}</h3>`;
  if (/^##\s/.test(first) && lines.length === 1) return `<h2>${inline(first.replace(/^##\s+/, ''))}</h2>`;
  if (lines.every((line) => /^[-*]\s/.test(line))) return `<ul>${lines.map((line) => `<li>${inline(line.replace(/^[-*]\s+/, ''))}</li>`).join('')}</ul>`;
  if (lines.every((line) => /^\d+[.)]\s/.test(line))) return `<ol>${lines.map((line) => `<li>${inline(line.replace(/^\d+[.)]\s+/, ''))}</li>`).join('')}</ol>`;
  if (lines.every((line) => /^>\s?/.test(line))) return `<blockquote><p>${lines.map((line) => inline(line.replace(/^>\s?/, ''))).join('<br>')}</p></blockquote>`;
  // Pasted HTML stays as it came (the sanitiser decides what of it remains).
  if (first.startsWith('<')) return lines.map(inline).join('\n');
  return `<p>${lines.map(inline).join('<br>')}</p>`;
}

/** The markup as the allow-listed HTML every client shows. */
export function markupToHtml(markup: string): string {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const raw of markup.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
      continue;
    }
    // A heading is a block of its own even without blank lines around it.
    if (/^#{2,3}\s/.test(line)) {
      if (current.length > 0) blocks.push(current);
      blocks.push([line]);
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current);
  return sanitizeArticleHtml(blocks.map(block).join('\n'));
}
