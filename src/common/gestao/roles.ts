/**
 * The back office's roles and what each may change, field by field: the server enforces these
 * tables on every write (a denied write answers 403 and is audited) and the forms read them to
 * grey a field a role may not change, saying why. Both are derived from the collections (each
 * field says who may change it), so the two can never disagree.
 */
import { collectionOf, RECORD_TYPES, type RecordType } from './collections';
import type { Collection, FieldInput } from './collections/field-kit';
import { ROLE_LABELS, ROLES, type Role } from './collections/staff-roles';
import { say } from './gestao-words';

export { ROLES, ROLE_LABELS, isRole, type Role } from './collections/staff-roles';
export { RECORD_TYPES, isRecordType, type RecordType } from './collections';

type FieldRoles = Record<string, readonly Role[]>;

const byType = <T>(of: (type: RecordType) => T): Record<RecordType, T> =>
  Object.fromEntries(RECORD_TYPES.map((type) => [type, of(type)])) as Record<RecordType, T>;

/** Who may change each field (administrators may change every field of every type): each field's roles, in its collection. */
export const FIELD_ROLES: Record<RecordType, FieldRoles> = byType((type) =>
  Object.fromEntries(Object.entries(collectionOf(type).fields).map(([name, f]) => [name, f.roles])),
);

/** Who may add or remove a record of a type. */
export const CREATE_ROLES: Record<RecordType, readonly Role[]> = byType((type) => collectionOf(type).createRoles);

/** The roles that may change some field of the given input (of a record or of a list's items), in the types' order. */
function rolesChanging(input: FieldInput): Role[] {
  const fields = RECORD_TYPES.flatMap((type) => Object.values(collectionOf(type).fields));
  const changing = fields.filter((f) => f.input === input || Object.values(f.list?.items ?? {}).some((i) => i.input === input));
  return [...new Set(changing.flatMap((f) => f.roles))];
}

/** Who sees a type in the back office's menu: whoever may change one of its fields, and Leitura. */
export function maySee(role: Role, type: RecordType): boolean {
  return role === 'administracao' || role === 'leitura' || Object.values(FIELD_ROLES[type]).some((roles) => roles.includes(role));
}

/**
 * Who may print the programme and the front-of-house sheets: whoever sees one of the programme's
 * records in the back office (its sessions, films, venues or cities). What they print is what
 * visitors already read, so seeing is enough; Imprensa and Formulários work on other records.
 */
export const PRINT_ROLES: readonly Role[] = ROLES.filter((role) =>
  (['sessions', 'movies', 'venues', 'cities'] as const).some((type) => maySee(role, type)),
);

/** Who may publish the draft as a release (everyone who edits content). */
export const PUBLISH_ROLES: readonly Role[] = ['administracao', 'programacao', 'edicao', 'imprensa'];

/** Who may upload a picture: whoever may change a picture field of some record (administrators too). */
export const PICTURE_UPLOAD_ROLES: readonly Role[] = ['administracao', ...rolesChanging('picture')];
/** Who may upload a PDF: whoever may change a PDF field, a press item's (Imprensa) or a programme entry's attachment (Programação). */
export const PDF_UPLOAD_ROLES: readonly Role[] = ['administracao', ...rolesChanging('pdf')];

/** Whether a role may change a field of a collection: Administração every field it has, the others the fields given to them. */
export function mayChangeFieldOf(collection: Collection, role: Role, field: string): boolean {
  if (!Object.hasOwn(collection.fields, field)) return false;
  return role === 'administracao' || collection.fields[field]!.roles.includes(role);
}

export const mayChangeField = (role: Role, type: RecordType, field: string): boolean => mayChangeFieldOf(collectionOf(type), role, field);

export function mayCreate(role: Role, type: RecordType): boolean {
  if (CREATE_ROLES[type].length === 0) return false;
  return role === 'administracao' || CREATE_ROLES[type].includes(role);
}

export function mayPublish(role: Role): boolean {
  return PUBLISH_ROLES.includes(role);
}

/** The reason shown beside a greyed field: who may change it. */
export function fieldLockReason(type: RecordType, field: string): string {
  const roles = FIELD_ROLES[type][field] ?? [];
  const names = ['administracao', ...roles].map((r) => ROLE_LABELS[r as Role]);
  const last = names[names.length - 1]!;
  if (names.length === 1) return say(/*i18n*/ { id: 'gestao.role.lockOne', message: 'Só {role} pode alterar este campo.' }, { role: last });
  return say(
    /*i18n*/ { id: 'gestao.role.lockMany', message: 'Só {roles} ou {last} pode alterar este campo.' },
    {
      roles: names.slice(0, -1).join(', '),
      last,
    },
  );
}

/** Who may see the draft's preview and make a link to it: everyone who edits content, as for publishing. */
export function mayPreview(role: Role): boolean {
  return PUBLISH_ROLES.includes(role);
}
