/**
 * The name a person goes by, from their account's email ("eva.costa@festa.pt" is Eva Costa): the
 * accounts have no name of their own.
 */
export function staffName(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local.split(/[._+-]+/).filter(Boolean);
  if (words.length === 0) return email;
  return words.map((w) => w.charAt(0).toLocaleUpperCase('pt-PT') + w.slice(1)).join(' ');
}
