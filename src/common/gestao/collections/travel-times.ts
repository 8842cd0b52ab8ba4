/** The journey between two festival cities, one per pair: the agenda warns when a visitor's sessions are too close. */
import { number } from 'yup';
import { collection, field, ref, required, type FieldKind, sayOf } from './field-kit';
import { say } from '../gestao-words';
import { SCHEDULE } from './teams';

const otherCity = {
  ...ref('cities', /*i18n*/ { id: 'gestao.choose.a-cidade-de-chegada', message: 'Escolha a cidade de chegada.' }),
  rule: (label: string) =>
    ref('cities', /*i18n*/ { id: 'gestao.choose.a-cidade-de-chegada', message: 'Escolha a cidade de chegada.' })
      .rule(label)
      .test(
        'other-city',
        say(/*i18n*/ { id: 'gestao.travel-times.rule.duas-cidades-diferentes', message: 'As duas cidades têm de ser diferentes.' }),
        (to, context) => Number(to) !== Number((context.parent as { from_city_id?: unknown }).from_city_id),
      ),
} satisfies FieldKind;

const minutes = {
  input: 'number',
  rule: (label: string) =>
    number()
      .typeError(
        sayOf(/*i18n*/ { id: 'gestao.travel-times.rule.numero-minutos', message: 'Campo {label} tem de ser um número de minutos.' }, label),
      )
      .integer(
        sayOf(/*i18n*/ { id: 'gestao.travel-times.rule.numero-minutos', message: 'Campo {label} tem de ser um número de minutos.' }, label),
      )
      .min(
        1,
        sayOf(
          /*i18n*/ { id: 'gestao.travel-times.rule.entre-1-1440-minutos', message: 'Campo {label} tem de ser entre 1 e 1440 minutos.' },
          label,
        ),
      )
      .max(
        24 * 60,
        sayOf(
          /*i18n*/ { id: 'gestao.travel-times.rule.entre-1-1440-minutos', message: 'Campo {label} tem de ser entre 1 e 1440 minutos.' },
          label,
        ),
      )
      .required(required(label)),
} satisfies FieldKind;

// The journeys between cities decide the agenda's warnings: Programação's, like the cities.
export const travelTimes = collection({
  page: {
    path: 'tempos-de-viagem',
    title: say(/*i18n*/ { id: 'gestao.travel-times.page.title', message: 'Tempos de viagem' }),
    newLabel: say(/*i18n*/ { id: 'gestao.travel-times.page.newLabel', message: 'Novo tempo de viagem' }),
  },
  createRoles: SCHEDULE,
  fields: {
    // The pair of cities is the record: another pair is another travel time.
    from_city_id: field(
      /*i18n*/ { id: 'gestao.travel-times.from_city_id', message: 'de' },
      SCHEDULE,
      ref('cities', /*i18n*/ { id: 'gestao.choose.a-cidade-de-partida', message: 'Escolha a cidade de partida.' }),
      { key: true },
    ),
    to_city_id: field(/*i18n*/ { id: 'gestao.travel-times.to_city_id', message: 'para' }, SCHEDULE, otherCity, { key: true }),
    minutes: field(/*i18n*/ { id: 'gestao.travel-times.minutes', message: 'minutos' }, SCHEDULE, minutes),
  },
});
