/**
 * An article body as the server made it. Setting HTML directly is safe here and ONLY here: the
 * string is the `body_html` (or the preview's answer) the server built from the markup and ran
 * through sanitize-html with a strict allow-list (p, h2, h3, strong, em, lists, quotes, br and
 * links with an http/https/mailto href) — no scripts, handlers, styles or images survive it. No
 * HTML built on the client ever reaches this component.
 */
export function ArticleHtml({ html, lang, label }: { html: string; lang: string; label?: string }) {
  return <div className="news-body" lang={lang} aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}
