/**
 * The back office's words: its own compiled catalog (lingui.gestao.config.ts), pt-PT for now, one
 * instance for the page (the back office renders in the browser only, for one person at a time).
 */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { createI18n } from '../common/i18n/i18n';
import { messages } from '../common/i18n/catalogs/gestao/pt-PT';
import { setApiI18n } from './api';

const gestaoI18n = createI18n('pt-PT', messages);
setApiI18n(gestaoI18n);

export function GestaoI18nProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={gestaoI18n}>{children}</I18nProvider>;
}
