/** A city's venues, with what the schedule grid and the clash rules read: turnover and opening hours. */
import { mixed, number } from 'yup';
import { VENUE_DEFAULTS } from '../../programme/venue-hours';
import { DEFAULT_VENUE_GENDER, VENUE_GENDERS, type VenueGender } from '../../programme/venue-gender';
import { clockTime, collection, field, flag, longText, ref, requiredText, text, type FieldKind, sayOf } from './field-kit';
import { count } from './follow-fields';
import { say } from '../gestao-words';
import { SCHEDULE, TEXTS } from './teams';

const turnover = {
  input: 'number',
  rule: (label: string) =>
    number()
      .default(VENUE_DEFAULTS.turnover_min)
      .typeError(sayOf(/*i18n*/ { id: 'gestao.venues.rule.numero', message: 'Campo {label} tem de ser um número.' }, label))
      .integer(sayOf(/*i18n*/ { id: 'gestao.venues.rule.numero-inteiro', message: 'Campo {label} tem de ser um número inteiro.' }, label))
      .min(0, sayOf(/*i18n*/ { id: 'gestao.venues.rule.nao-pode-negativo', message: 'Campo {label} não pode ser negativo.' }, label))
      .max(240, sayOf(/*i18n*/ { id: 'gestao.venues.rule.nao-pode-passar-240', message: 'Campo {label} não pode passar de 240.' }, label)),
} satisfies FieldKind;

/** What the words around the venue's name agree with, for visitors: "era no Cinema São Jorge", "era na Cinemateca". */
const gender = {
  input: 'choice',
  choices: [
    { value: 'm', text: say(/*i18n*/ { id: 'gestao.venues.choice.m', message: 'masculino (era no Cinema São Jorge)' }) },
    { value: 'f', text: say(/*i18n*/ { id: 'gestao.venues.choice.f', message: 'feminino (era na Cinemateca)' }) },
  ],
  rule: (label: string) =>
    mixed<VenueGender>()
      .default(DEFAULT_VENUE_GENDER)
      .oneOf(
        [...VENUE_GENDERS],
        sayOf(
          /*i18n*/ { id: 'gestao.venues.rule.escolha-masculino-ou-feminino', message: 'Campo {label}: escolha masculino ou feminino.' },
          label,
        ),
      )
      .required(
        sayOf(
          /*i18n*/ { id: 'gestao.venues.rule.escolha-masculino-ou-feminino', message: 'Campo {label}: escolha masculino ou feminino.' },
          label,
        ),
      ),
} satisfies FieldKind;

export const venues = collection({
  page: {
    path: 'salas',
    title: say(/*i18n*/ { id: 'gestao.venues.page.title', message: 'Salas' }),
    newLabel: say(/*i18n*/ { id: 'gestao.venues.page.newLabel', message: 'Nova sala' }),
  },
  createRoles: SCHEDULE,
  fields: {
    city_id: field(
      /*i18n*/ { id: 'gestao.venues.city_id', message: 'cidade' },
      SCHEDULE,
      ref('cities', /*i18n*/ { id: 'gestao.choose.a-cidade', message: 'Escolha a cidade.' }),
      { listFilter: 'cidade' },
    ),
    // A venue's name and address are what visitors read: Edição may correct them too.
    name: field(/*i18n*/ { id: 'gestao.venues.name', message: 'nome' }, TEXTS, requiredText(120)),
    address: field(/*i18n*/ { id: 'gestao.venues.address', message: 'morada' }, TEXTS, text(300)),
    gender: field(/*i18n*/ { id: 'gestao.venues.gender', message: 'género gramatical' }, TEXTS, gender),
    turnover_min: field(/*i18n*/ { id: 'gestao.venues.turnover_min', message: 'intervalo entre sessões (min)' }, SCHEDULE, turnover),
    opens_at: field(/*i18n*/ { id: 'gestao.venues.opens_at', message: 'abre às' }, SCHEDULE, clockTime(VENUE_DEFAULTS.opens_at)),
    closes_at: field(/*i18n*/ { id: 'gestao.venues.closes_at', message: 'fecha às' }, SCHEDULE, clockTime(VENUE_DEFAULTS.closes_at)),
    // The venue's card for visitors (/sala/{id}): how to get there and in.
    directions: field(
      /*i18n*/ { id: 'gestao.venues.directions', message: 'como chegar (metro, autocarro, comboio)' },
      TEXTS,
      longText(600, 3),
      {
        localized: true,
      },
    ),
    box_office: field(/*i18n*/ { id: 'gestao.venues.box_office', message: 'bilheteira (horário)' }, TEXTS, text(200), { localized: true }),
    step_free: field(/*i18n*/ { id: 'gestao.venues.step_free', message: 'entrada sem degraus' }, TEXTS, flag),
    wheelchair_places: field(/*i18n*/ { id: 'gestao.venues.wheelchair_places', message: 'lugares para cadeira de rodas' }, TEXTS, count),
    hearing_loop: field(/*i18n*/ { id: 'gestao.venues.hearing_loop', message: 'anel de indução magnética' }, TEXTS, flag),
    accessible_toilets: field(/*i18n*/ { id: 'gestao.venues.accessible_toilets', message: 'casas de banho acessíveis' }, TEXTS, flag),
  },
  dependants: [
    {
      type: 'sessions',
      columns: ['venue_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.venues.dependants.esta-sala-mude',
            message:
              '{n, plural, one {Esta sala tem uma sessão: mude-as ou apague-as primeiro.} other {Esta sala tem {n} sessões: mude-as ou apague-as primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
