/** The festival's cities, in the programme's order. */
import { plural } from '../../text/plural';
import { collection, field, position, requiredText } from './field-kit';
import { SCHEDULE } from './teams';

export const cities = collection({
  page: { path: 'cidades', title: 'Cidades', newLabel: 'Nova cidade' },
  createRoles: SCHEDULE,
  fields: {
    name: field('nome', SCHEDULE, requiredText(80)),
    position: field('ordem', SCHEDULE, position),
  },
  dependants: [
    {
      type: 'venues',
      columns: ['city_id'],
      message: (n) => `Esta cidade tem ${plural(n, { one: 'uma sala', other: '{n} salas' })}: mude-as ou apague-as primeiro.`,
    },
    {
      type: 'travel_times',
      columns: ['from_city_id', 'to_city_id'],
      message: (n) => `Esta cidade tem ${plural(n, { one: 'um tempo de viagem', other: '{n} tempos de viagem' })}: apague-os primeiro.`,
    },
  ],
});
