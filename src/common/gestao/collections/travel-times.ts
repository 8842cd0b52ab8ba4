/** The journey between two festival cities, one per pair: the agenda warns when a visitor's sessions are too close. */
import { number } from 'yup';
import { collection, field, ref, required, type FieldKind } from './field-kit';
import { SCHEDULE } from './teams';

const otherCity = {
  ...ref('cities', 'a cidade de chegada'),
  rule: (label: string) =>
    ref('cities', 'a cidade de chegada')
      .rule(label)
      .test(
        'other-city',
        'As duas cidades têm de ser diferentes.',
        (to, context) => Number(to) !== Number((context.parent as { from_city_id?: unknown }).from_city_id),
      ),
} satisfies FieldKind;

const minutes = {
  input: 'number',
  rule: (label: string) =>
    number()
      .typeError(`Campo ${label} tem de ser um número de minutos.`)
      .integer(`Campo ${label} tem de ser um número de minutos.`)
      .min(1, `Campo ${label} tem de ser entre 1 e 1440 minutos.`)
      .max(24 * 60, `Campo ${label} tem de ser entre 1 e 1440 minutos.`)
      .required(required(label)),
} satisfies FieldKind;

// The journeys between cities decide the agenda's warnings: Programação's, like the cities.
export const travelTimes = collection({
  page: { path: 'tempos-de-viagem', title: 'Tempos de viagem', newLabel: 'Novo tempo de viagem' },
  createRoles: SCHEDULE,
  fields: {
    // The pair of cities is the record: another pair is another travel time.
    from_city_id: field('de', SCHEDULE, ref('cities', 'a cidade de partida'), { key: true }),
    to_city_id: field('para', SCHEDULE, otherCity, { key: true }),
    minutes: field('minutos', SCHEDULE, minutes),
  },
});
