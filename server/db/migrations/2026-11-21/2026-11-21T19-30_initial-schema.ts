/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sections')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('asset_type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('venues')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('movies')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('is_movie', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('original_title', 'text', (c) => c.notNull())
    .addColumn('director', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('duration_min', 'integer')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('highlight', 'integer', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('logline', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('technical_info_html', 'text', (c) => c.notNull())
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('buy_label', 'text', (c) => c.notNull())
    .addColumn('buy_link', 'text', (c) => c.notNull())
    .addColumn('from_festival', 'integer', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('poster', 'text', (c) => c.notNull())
    .addColumn('title_folded', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('movies_section_idx').on('movies').column('section_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('movies.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venues.id'))
    // Wall-clock time in Lisbon, 'YYYY-MM-DDTHH:MM': sorts as text and needs no time zone maths.
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_movie_idx').on('sessions').column('movie_id').execute();
  await db.schema.createIndex('sessions_venue_start_idx').on('sessions').columns(['venue_id', 'starts_at']).execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('poster', 'text', (c) => c.notNull())
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('title_folded', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sponsor_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('minimized', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sponsors')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('sponsor_groups.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posters')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('caption_html', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('press_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('programme_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('programme_attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('programme_entries.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('custom_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('poster', 'text', (c) => c.notNull())
    .addColumn('main_html', 'text', (c) => c.notNull())
    .addColumn('sidebar_html', 'text', (c) => c.notNull())
    .addColumn('num_text_cols', 'integer', (c) => c.notNull())
    .addColumn('subsection_title', 'text', (c) => c.notNull())
    .addColumn('subsection_html', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('custom_page_cards')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('custom_pages.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('movie_id', 'integer', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_page_cards_pk', ['page_id', 'position'])
    .execute();

  await db.schema
    .createTable('history_editions')
    .addColumn('edition', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('poster', 'text', (c) => c.notNull())
    .addColumn('venues_html', 'text', (c) => c.notNull())
    .addColumn('guests_html', 'text', (c) => c.notNull())
    .addColumn('awards_html', 'text', (c) => c.notNull())
    .addColumn('numbers_html', 'text', (c) => c.notNull())
    .addColumn('sponsors_html', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('history_movies')
    .addColumn('edition', 'text', (c) => c.notNull().references('history_editions.edition'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('list_html', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_movies_pk', ['edition', 'position'])
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('menu_items.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('menu_url', 'text', (c) => c.notNull())
    .addColumn('internal_page_id', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .execute();

  // Submissions: never touched by a content import. Ticket requests keep a readable copy of the
  // session they asked for, so a later change of programme cannot orphan them.
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('accreditation_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('telf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ticket_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('session_label', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'ticket_requests',
    'accreditation_requests',
    'newsletter_subscriptions',
    'menu_items',
    'history_movies',
    'history_editions',
    'custom_page_cards',
    'custom_pages',
    'programme_attachments',
    'programme_entries',
    'press_items',
    'posters',
    'sponsors',
    'sponsor_groups',
    'news',
    'sessions',
    'movies',
    'venues',
    'cities',
    'sections',
    'site_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
