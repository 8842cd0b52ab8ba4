/** HTML written by the festival's editors; the server sanitized it when it was imported. */
export function HtmlBlock({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'section' | 'figcaption';
}) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
