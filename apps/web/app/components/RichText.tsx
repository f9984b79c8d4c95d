/**
 * HTML written by the operator in the admin console (articles, about, terms, privacy). It is
 * trusted content, rendered as is; `.rich-text` in app.css gives it headings, lists and links.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
