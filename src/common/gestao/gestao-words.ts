/**
 * How the back office's shared modules say their words: descriptors of the back office's own
 * catalog (lingui.gestao.config.ts), said in pt-PT with `say`. Many are said as the modules load (a
 * field's label, a refusal the server answers and the API's document names), so this module brings
 * the pt-PT instance that says them (src/common/i18n/source-i18n.ts) instead of counting on every
 * entry that loads them (the server, its commands and workers, the scripts, the back office, the
 * tests) to import it first. The public app never loads the back office's modules.
 */
import '../i18n/source-i18n';

export { say } from '../programme/message-text';
export type { MessageDescriptor } from '../i18n/i18n';
