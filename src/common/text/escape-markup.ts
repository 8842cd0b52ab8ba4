/** HTML's and XML's five special characters escaped, for text and attribute values alike (head tags, the sitemap, the error pages). */
export const escapeMarkup = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
