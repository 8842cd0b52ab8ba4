/**
 * The back office's roles: the collections give each field to some of them (teams.ts), and
 * roles.ts derives from that who may change what. Here, below both, so that the collections never
 * import what is derived from them.
 */
import { say } from '../gestao-words';

export const ROLES = ['administracao', 'programacao', 'edicao', 'imprensa', 'formularios', 'leitura'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administracao: say(/*i18n*/ { id: 'gestao.role.administracao', message: 'Administração' }),
  programacao: say(/*i18n*/ { id: 'gestao.role.programacao', message: 'Programação' }),
  edicao: say(/*i18n*/ { id: 'gestao.role.edicao', message: 'Edição' }),
  imprensa: say(/*i18n*/ { id: 'gestao.role.imprensa', message: 'Imprensa' }),
  formularios: say(/*i18n*/ { id: 'gestao.role.formularios', message: 'Formulários' }),
  leitura: say(/*i18n*/ { id: 'gestao.role.leitura', message: 'Leitura' }),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
