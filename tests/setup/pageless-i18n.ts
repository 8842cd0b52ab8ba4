/** Tests call src/common's words without a page, as the server and the back office do: in pt-PT from the source text. */
import '../../src/common/i18n/source-i18n';
