/**
 * A heavy job as a worker thread of the pool runs it (heavy-jobs.ts sends them). Each job loads
 * only its own modules: a thread that only ever reads sheets never loads pdfkit or the database.
 * A refusal (GestaoError) comes back as an answer, since an error crossing threads loses its class
 * and its pt-PT body.
 */
// The printed programme's words are said without a page.
import '../../src/common/i18n/source-i18n';
import type { MessagePort } from 'node:worker_threads';
import { GestaoError } from '../gestao/editing/gestao-error';
import type { HeavyAnswer, HeavyTask } from './heavy-jobs';

async function perform(task: HeavyTask): Promise<unknown> {
  switch (task.job) {
    case 'sheet-read': {
      const { readSheetFile } = await import('../gestao/editing/sheet-files');
      // A Buffer crosses threads as a plain Uint8Array.
      return await readSheetFile(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength), task.name);
    }
    case 'sheet-dry-run':
      return await (await import('./import-job')).dryRunJob(task.request);
    case 'sheet-apply':
      return await (await import('./import-job')).applyJob(task.request);
    case 'pdf': {
      const { pdf } = task;
      if (pdf.kind === 'city') return await (await import('../print/programme-pdf')).cityProgrammePdf(pdf.content, pdf.cityId, pdf.at);
      return await (await import('../print/venue-day-pdf')).venueDayPdf(pdf.content, pdf.venue, pdf.day, pdf.at);
    }
  }
}

export async function runHeavyJob(task: HeavyTask & { started: MessagePort }): Promise<HeavyAnswer> {
  task.started.postMessage(null);
  task.started.close();
  try {
    return { ok: true, value: await perform(task) };
  } catch (error) {
    if (error instanceof GestaoError) return { ok: false, status: error.statusCode, body: error.body };
    throw error;
  }
}
