/** A city's venues, with what the schedule grid and the clash rules read: turnover and opening hours. */
import { mixed, number } from 'yup';
import { plural } from '../../text/plural';
import { VENUE_DEFAULTS } from '../../programme/venue-hours';
import { DEFAULT_VENUE_GENDER, VENUE_GENDERS, type VenueGender } from '../../programme/venue-gender';
import { clockTime, collection, field, ref, requiredText, text, type FieldKind } from './field-kit';
import { SCHEDULE, TEXTS } from './teams';

const turnover = {
  input: 'number',
  rule: (label: string) =>
    number()
      .default(VENUE_DEFAULTS.turnover_min)
      .typeError(`Campo ${label} tem de ser um número.`)
      .integer(`Campo ${label} tem de ser um número inteiro.`)
      .min(0, `Campo ${label} não pode ser negativo.`)
      .max(240, `Campo ${label} não pode passar de 240.`),
} satisfies FieldKind;

/** What the words around the venue's name agree with, for visitors: "era no Cinema São Jorge", "era na Cinemateca". */
const gender = {
  input: 'choice',
  choices: [
    { value: 'm', text: 'masculino (era no Cinema São Jorge)' },
    { value: 'f', text: 'feminino (era na Cinemateca)' },
  ],
  rule: (label: string) =>
    mixed<VenueGender>()
      .default(DEFAULT_VENUE_GENDER)
      .oneOf([...VENUE_GENDERS], `Campo ${label}: escolha masculino ou feminino.`)
      .required(`Campo ${label}: escolha masculino ou feminino.`),
} satisfies FieldKind;

export const venues = collection({
  page: { path: 'salas', title: 'Salas', newLabel: 'Nova sala' },
  createRoles: SCHEDULE,
  fields: {
    city_id: field('cidade', SCHEDULE, ref('cities', 'a cidade')),
    // A venue's name and address are what visitors read: Edição may correct them too.
    name: field('nome', TEXTS, requiredText(120)),
    address: field('morada', TEXTS, text(300)),
    gender: field('género gramatical', TEXTS, gender),
    turnover_min: field('intervalo entre sessões (min)', SCHEDULE, turnover),
    opens_at: field('abre às', SCHEDULE, clockTime(VENUE_DEFAULTS.opens_at)),
    closes_at: field('fecha às', SCHEDULE, clockTime(VENUE_DEFAULTS.closes_at)),
  },
  dependants: [
    {
      type: 'sessions',
      columns: ['venue_id'],
      message: (n) => `Esta sala tem ${plural(n, { one: 'uma sessão', other: '{n} sessões' })}: mude-as ou apague-as primeiro.`,
    },
  ],
});
