/**
 * pt-PT said from a descriptor's own source text, for a caller with no page and no catalog loaded
 * (the back office, the printed programme, the server's own pt-PT words): Lingui compiles each message
 * at run time with its own compiler, which production builds otherwise leave out. A page always
 * passes its own instance.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

let source: I18n | undefined;

export const sourceI18n = (): I18n =>
  (source ??= setupI18n({ locale: 'pt-PT', messages: { 'pt-PT': {} } }).setMessagesCompiler(compileMessage));
