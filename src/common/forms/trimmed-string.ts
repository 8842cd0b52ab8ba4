/**
 * Yup's string().trim() calls .trim() on whatever a JSON body holds: an object or a list where text
 * belongs threw a TypeError (a 500) before any message could be given. This one trims text only, and
 * anything else fails as "not text" with a pt-PT message.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import './yup-locale';
import { string } from 'yup';

/** The default refusal (pt-PT: the back office's and the API's language). */
export const NOT_TEXT_MESSAGE = /*i18n*/ { id: 'forms.notText', message: 'Este campo tem de ser texto.' };
export const NOT_TEXT = NOT_TEXT_MESSAGE.message;

export const trimmedString = (notText: string = NOT_TEXT) =>
  string()
    .typeError(notText)
    .nonNullable(notText)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
