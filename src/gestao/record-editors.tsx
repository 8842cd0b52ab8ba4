/**
 * Who else has this record's form open: while the form is open this browser renews its own lease
 * (src/common/gestao/record-lease.ts) and says, above the form, "Eva Costa está a editar desde
 * 17:42". Nothing is locked: the person can still edit, and the saves merge field by field.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { RecordEditor } from '../common/gestao/api/answers';
import { gestaoEndpoints } from '../common/gestao/api/gestao-endpoints';
import { editRolesOf } from '../common/gestao/api/request-schemas';
import { LEASE_HEARTBEAT_MS } from '../common/gestao/record-lease';
import type { RecordType } from '../common/gestao/roles';
import { staffName } from '../common/gestao/staff-name';
import { api, GestaoApiError } from './api';
import { lisbonHourMinute } from './lisbon-format';
import { useStaff, useStaffSession } from './staff-session';

/** Holds the lease while mounted (a form of a role that may change the record); the other people editing it. */
function useRecordLease(type: RecordType, id: string): RecordEditor[] {
  const staff = useStaff();
  const { isLeaving } = useStaffSession();
  const [others, setOthers] = useState<RecordEditor[]>([]);
  const edits = editRolesOf(type).includes(staff.role);
  useEffect(() => {
    if (!edits) return;
    let open = true;
    const params = { type, id };
    const hold = () =>
      !isLeaving() &&
      api(gestaoEndpoints.holdLease, { params }).then(
        (answer) => open && setOthers(answer.others),
        (error: unknown) => {
          // Offline, or the session ended: the notice only goes stale; the form itself says the rest.
          if (!(error instanceof GestaoApiError)) throw error;
        },
      );
    void hold();
    const timer = setInterval(() => void hold(), LEASE_HEARTBEAT_MS);
    return () => {
      open = false;
      clearInterval(timer);
      // Leaving the back office: the logout itself let go of this person's leases (a request now would be refused).
      if (isLeaving()) return;
      void api(gestaoEndpoints.releaseLease, { params }).catch((error: unknown) => {
        if (!(error instanceof GestaoApiError)) throw error;
      });
    };
  }, [edits, type, id, isLeaving]);
  return others;
}

export function RecordEditors({ type, id }: { type: RecordType; id: string }) {
  const others = useRecordLease(type, id);
  return (
    <div role="status" className={others.length > 0 ? 'gestao-editors' : undefined}>
      {others.map((other) => {
        const who = staffName(other.email);
        const since = lisbonHourMinute(other.since);
        return (
          <p key={other.email}>
            <Trans>
              {who} está a editar desde {since}. Pode editar na mesma: as alterações de ambos juntam-se ao guardar.
            </Trans>
          </p>
        );
      })}
    </div>
  );
}
