/**
 * The printed programme: a city's programme as a PDF from a release (the live one unless another
 * is asked for) and "Hoje nesta sala", the front of house's sheet of a venue's day. Whoever sees
 * the programme in the back office may print it (PRINT_ROLES). Reads only: nothing is audited.
 * The PDF is laid out in a worker thread (server/workers/heavy-jobs.ts): a city's takes a few
 * tenths of a second, which no visitor's page waits for.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { programmeFileName, venueDayFileName } from '../../../src/common/programme/print-names';
import { festivalDayOf } from '../../../src/common/time/festival-day';
import { lisbonDateTime } from '../../clock';
import { HttpError } from '../../api/http-errors';
import { liveProgrammeRows, releaseProgrammeRows } from '../../db/repositories/programme/printed-programme-repository';
import { plannedPlaces } from '../../db/repositories/programme/programme-changes-repository';
import type { AppDeps } from '../../deps';
import { printContent } from '../../print/programme-model';
import { heavyJobsFor } from '../../workers/heavy-jobs';
import { gestaoRoutes } from '../gestao-endpoint-registration';

const ID = /^[1-9][0-9]{0,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pdfAnswer = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(bytes);

/** A real calendar day written AAAA-MM-DD (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  return DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
}

export function registerPrintRoutes(scope: FastifyInstance, deps: AppDeps): void {
  // Whoever sees the programme in the back office may print it (PRINT_ROLES, the table's access).
  const route = gestaoRoutes(scope, deps);
  const jobs = heavyJobsFor(scope, deps);

  route(E.printOptions, async () => {
    const rows = await liveProgrammeRows(deps.db);
    const content = printContent(rows.tables, rows.release);
    return {
      festivalName: content.festivalName,
      year: content.year,
      release: content.release,
      cities: content.cities,
      venues: content.venues.map((v) => ({ id: v.id, cityId: v.cityId, name: v.name })),
      days: content.days,
      today: festivalDayOf(lisbonDateTime(deps.clock())),
    };
  });

  route(E.printProgramme, async (request, reply) => {
    const { city, release = 'latest' } = request.query;
    if (!city) throw new HttpError(400, 'Escolha a cidade.');
    if (!ID.test(city)) throw new HttpError(404, 'Esta cidade não existe.');
    if (!/^(latest|[1-9][0-9]{0,9})$/.test(release))
      throw new HttpError(400, 'A publicação é o seu número, ou «latest» para a que está no site.');
    const latest = release === 'latest';
    const rows = latest ? await liveProgrammeRows(deps.db) : await releaseProgrammeRows(deps.db, Number(release));
    if (!rows) throw new HttpError(404, `A publicação ${release} não existe.`);
    const content = printContent(rows.tables, rows.release, latest ? await plannedPlaces(deps.db) : undefined);
    const found = content.cities.find((c) => c.id === Number(city));
    if (!found) throw new HttpError(404, latest ? 'Esta cidade não existe.' : `Esta cidade não existe na publicação ${release}.`);
    const bytes = await jobs.pdf({ kind: 'city', content, cityId: found.id, at: deps.clock() });
    return pdfAnswer(reply, programmeFileName(found.name, content.year, latest ? undefined : Number(release)), bytes);
  });

  route(E.printVenueDay, async (request, reply) => {
    const { venue, day } = request.query;
    if (!venue) throw new HttpError(400, 'Escolha a sala.');
    if (!day) throw new HttpError(400, 'Escolha o dia.');
    if (!ID.test(venue)) throw new HttpError(404, 'Esta sala não existe.');
    if (!isCalendarDay(day)) throw new HttpError(400, 'O dia escreve-se AAAA-MM-DD (por exemplo, 2026-04-05).');
    const rows = await liveProgrammeRows(deps.db);
    const content = printContent(rows.tables, rows.release, await plannedPlaces(deps.db));
    const found = content.venues.find((v) => v.id === Number(venue));
    if (!found) throw new HttpError(404, 'Esta sala não existe.');
    if (!content.days.includes(day)) throw new HttpError(404, `O dia ${day} não é um dia do festival.`);
    const bytes = await jobs.pdf({ kind: 'venue-day', content, venue: found, day, at: deps.clock() });
    return pdfAnswer(reply, venueDayFileName(found.name, day), bytes);
  });
}
