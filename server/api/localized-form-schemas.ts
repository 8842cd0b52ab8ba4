/**
 * A form's schema in a language, its messages the visitor's: built on the first post in that
 * language and kept, for the JSON API (?lang=) and the forms posted without JavaScript alike.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import { formSchemaIn, type FormKind } from '../../src/common/forms/form-schemas';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import type { Locale } from '../../src/common/i18n/locales';

const built = new Map<string, ObjectSchema<AnyObject>>();

export function localizedFormSchema(kind: FormKind, locale: Locale): ObjectSchema<AnyObject> {
  const key = `${kind} ${locale}`;
  return built.get(key) ?? built.set(key, formSchemaIn(kind, wordsIn(locale)) as ObjectSchema<AnyObject>).get(key)!;
}
