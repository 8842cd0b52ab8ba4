/** The festival's cities, in the programme's order. */
import { collection, field, position, requiredText } from './field-kit';
import { say } from '../gestao-words';
import { SCHEDULE } from './teams';

export const cities = collection({
  page: {
    path: 'cidades',
    title: say(/*i18n*/ { id: 'gestao.cities.page.title', message: 'Cidades' }),
    newLabel: say(/*i18n*/ { id: 'gestao.cities.page.newLabel', message: 'Nova cidade' }),
  },
  createRoles: SCHEDULE,
  fields: {
    name: field(/*i18n*/ { id: 'gestao.cities.name', message: 'nome' }, SCHEDULE, requiredText(80)),
    position: field(/*i18n*/ { id: 'gestao.cities.position', message: 'ordem' }, SCHEDULE, position),
  },
  dependants: [
    {
      type: 'venues',
      columns: ['city_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.cities.dependants.esta-cidade-mude',
            message:
              '{n, plural, one {Esta cidade tem uma sala: mude-as ou apague-as primeiro.} other {Esta cidade tem {n} salas: mude-as ou apague-as primeiro.}}',
          },
          { n },
        ),
    },
    {
      type: 'travel_times',
      columns: ['from_city_id', 'to_city_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.cities.dependants.esta-cidade-apague',
            message:
              '{n, plural, one {Esta cidade tem um tempo de viagem: apague-os primeiro.} other {Esta cidade tem {n} tempos de viagem: apague-os primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
