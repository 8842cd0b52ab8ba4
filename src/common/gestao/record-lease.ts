/**
 * A record's editing lease, as WordPress's post lock and Payload's document lock keep one, minus
 * the lock: while a person has a record's form open, their browser renews a lease on it, and
 * whoever opens the record next reads "Eva Costa está a editar desde 17:42" and can still edit
 * (the save merges field by field). Closing the form gives the lease back; a tab closed without
 * saying so lets it lapse.
 */

/** How often an open form renews its lease. */
export const LEASE_HEARTBEAT_MS = 30_000;
/** A lease not renewed for this long has lapsed: the tab was closed, the laptop slept. */
export const LEASE_LAPSES_MS = 120_000;
