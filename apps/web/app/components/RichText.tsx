/**
 * HTML written by the operator in the admin console (articles, about, terms, privacy). The server
 * cleans it with an allow-list when it is saved (platform/sanitize.ts), so it is rendered as it
 * comes; `.rich-text` in app.css gives it headings, lists and links.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
