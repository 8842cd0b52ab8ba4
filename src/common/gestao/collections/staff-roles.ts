/**
 * The back office's roles: the collections give each field to some of them (teams.ts), and
 * roles.ts derives from that who may change what. Here, below both, so that the collections never
 * import what is derived from them.
 */
export const ROLES = ['administracao', 'programacao', 'edicao', 'imprensa', 'formularios', 'leitura'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administracao: 'Administração',
  programacao: 'Programação',
  edicao: 'Edição',
  imprensa: 'Imprensa',
  formularios: 'Formulários',
  leitura: 'Leitura',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
