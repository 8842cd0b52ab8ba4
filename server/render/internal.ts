import { randomUUID } from 'node:crypto';

/** Requests the server makes to its own API carry this header, so they do not count as a client's. */
export const INTERNAL_HEADER = 'x-internal-render';
export const internalToken = randomUUID();
