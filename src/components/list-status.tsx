/** Kept for older imports: the list states live in list-state.tsx. */
export { LoadError, LOAD_ERROR, LOADING_CONTENT, OFFLINE_NOT_SAVED } from './list-state';
