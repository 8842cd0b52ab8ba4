/** The lines a content list shows in its place (spec section 8), shared by the list pages. */
export const LOADING_CONTENT = 'A carregar conteúdos...';
/** No failure message is specified; a list that could not load says so instead of "empty". */
export const LOAD_ERROR = 'Não foi possível carregar os conteúdos. Tente novamente mais tarde.';
