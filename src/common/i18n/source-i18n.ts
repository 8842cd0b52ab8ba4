/**
 * pt-PT said from a descriptor's own source text, for the entries with no page and no catalog
 * loaded (the server, its print worker, the back office, the tests): Lingui compiles each message at
 * run time with its own compiler, which production builds otherwise leave out. Importing this module
 * provides it to `say` (src/common/programme/message-text.ts); the public app never imports it.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { providePagelessI18n } from '../programme/message-text';

let source: I18n | undefined;

export const sourceI18n = (): I18n =>
  (source ??= setupI18n({ locale: 'pt-PT', messages: { 'pt-PT': {} } }).setMessagesCompiler(compileMessage));

providePagelessI18n(sourceI18n);
