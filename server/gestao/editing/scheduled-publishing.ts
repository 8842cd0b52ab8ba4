/**
 * Publishing at a set time: every instance looks for due publications every few seconds and once
 * at start-up (a time that passed while no instance ran is published then), claims each with a
 * conditional UPDATE (one instance wins) and publishes the drafts chosen when it was set (the whole
 * draft for one set without a choice) as the person who scheduled it, with their role as it is now. The outcome is kept on the row and in the audit log.
 */
import type { FastifyInstance } from 'fastify';
import { isRole } from '../../../src/common/gestao/roles';
import { appendAudit } from '../../db/repositories/audit/audit-log-repository';
import { claimDueReleases, finishScheduledRelease } from '../../db/repositories/publishing/scheduled-releases-repository';
import { findStaffUserByEmail } from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { GestaoError } from './gestao-error';
import { publishDraft } from './staff-releases';

export const SCHEDULE_CHECK_MS = 5_000;

/** Publishes what is due now; how many releases it made. */
export async function publishDueReleases(deps: Pick<AppDeps, 'db' | 'clock' | 'metrics'>): Promise<number> {
  const { db } = deps;
  const now = deps.clock().toISOString();
  let made = 0;
  for (const job of await claimDueReleases(db, now)) {
    const user = await findStaffUserByEmail(db, job.createdBy);
    const audit = (outcome: 'ok' | 'failed', after: unknown) =>
      appendAudit(db, {
        at: now,
        actorId: user?.id ?? null,
        actorEmail: job.createdBy,
        ip: null,
        action: 'release.scheduled',
        subject: `agendamento ${job.id}`,
        outcome,
        after,
      });
    try {
      if (!user || user.disabled_at !== null || !isRole(user.role))
        throw new GestaoError(403, { message: 'A conta que agendou já não pode publicar.' });
      // The drafts chosen when it was set, as they stand now (edited since, they publish as edited).
      const release = await publishDraft(db, { id: user.id, email: user.email, role: user.role }, now, job.drafts ?? undefined);
      await finishScheduledRelease(db, job.id, { state: 'publicada', releaseNumber: release.number });
      deps.metrics?.publishes.inc({ kind: 'scheduled' });
      await audit('ok', { release: release.number, changelog: release.changelog });
      made += 1;
    } catch (error) {
      const message = error instanceof GestaoError ? error.message : 'Erro do servidor ao publicar.';
      await finishScheduledRelease(db, job.id, { state: 'falhou', message });
      await audit('failed', { message });
      if (!(error instanceof GestaoError)) throw error;
    }
  }
  return made;
}

/** Checks at start-up and every few seconds while the app runs; this instance's caches follow a publication at once. */
export function scheduleReleases(app: FastifyInstance, deps: AppDeps): void {
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    try {
      if ((await publishDueReleases(deps)) > 0) await app.responseCache.refreshVersion();
    } catch (error) {
      app.log.error({ err: error }, 'scheduled publishing failed');
    }
  };
  app.addHook('onReady', async () => {
    await check();
    timer = setInterval(() => void check(), SCHEDULE_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
