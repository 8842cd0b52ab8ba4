/**
 * Folds text for comparison and search: lower case, accents and cedillas removed
 * ("Secções" and "seccoes" fold to the same string), whitespace collapsed.
 */
export declare function foldText(text: string): string;
/** Plain text of an HTML fragment, for search indexes and descriptions in metadata. */
export declare function htmlToText(html: string): string;
