import { EXTERNAL_ROLE_LABELS } from '@shared/rules/external-registration';
import type { AccessReviewRow } from '@shared/schemas/external-user';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { tickColumn } from '../../../components/ui/tick-column';
import { notify } from '../../../lib/message-stack';
import { accessReviewQuery, useDecideAccessReview } from '../api/external-users';
import { accessReviewCsv } from '../lib/external-user-actions';

/**
 * The quarterly access review (issue 20 §9): every external user who can reach something or soon
 * may, what the code grants, since when and registered by whom; administrators tick people and
 * confirm (recorded) or revoke (access ends at once) them together, or export the list as CSV.
 */
export function AccessReview() {
  const { data } = useQuery(accessReviewQuery());
  const rows = data?.items ?? [];
  const [selection, setSelection] = useState<AccessReviewRow[]>([]);
  const decide = useDecideAccessReview();
  const submit = (decision: 'confirm' | 'revoke') =>
    decide.mutate(
      { decisions: selection.map((r) => ({ email: r.email, decision })) },
      {
        onSuccess: (result) => {
          notify.success(`${result.confirmed} confirmed, ${result.revoked} revoked.`);
          setSelection([]);
        },
      },
    );
  const download = () => {
    const blob = new Blob([accessReviewCsv(data?.items ?? [])], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `external-access-review-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="access-review-title">
      <h2 id="access-review-title">Quarterly access review</h2>
      <div className="mr-admin-page__toolbar">
        <span>{selection.length} selected</span>
        <span>
          <Button
            type="button"
            label="Confirm access"
            icon="pi pi-check"
            disabled={selection.length === 0}
            loading={decide.isPending}
            onClick={() => submit('confirm')}
          />{' '}
          <Button
            type="button"
            label="Revoke access"
            icon="pi pi-ban"
            severity="danger"
            disabled={selection.length === 0}
            loading={decide.isPending}
            onClick={() => submit('revoke')}
          />{' '}
          <Button
            type="button"
            label="Export CSV"
            icon="pi pi-download"
            outlined
            disabled={!data}
            onClick={download}
          />
        </span>
      </div>
      <DataTable
        value={rows}
        dataKey="email"
        // The tick boxes follow the selection (components/ui/tick-column.tsx).
        cellMemo={false}
        emptyMessage="No records were found"
        size="small"
        aria-label="Access review"
      >
        {tickColumn({
          rows,
          selected: selection.map((r) => r.email),
          keyOf: (r) => r.email,
          labelOf: (r) => r.email,
          onChange: (emails) => setSelection(rows.filter((r) => emails.includes(r.email))),
        })}
        <Column header="Email" field="email" />
        <Column header="Status" field="status" />
        <Column
          header="Can reach"
          body={(r: AccessReviewRow) =>
            r.modelAccesses
              .map(
                (m) =>
                  `${m.modelName} (${EXTERNAL_ROLE_LABELS[m.modelRole]}${m.subModels ? `, ${m.subModels} sub-models` : ''})`,
              )
              .join('; ')
          }
        />
        <Column header="Since" body={(r: AccessReviewRow) => r.activationDate?.slice(0, 10) ?? 'N/A'} />
        <Column header="Registered By" body={(r: AccessReviewRow) => r.registeredByName ?? r.registeredBy} />
        <Column header="Ends On" field="accessEndsOn" />
        <Column
          header="Last Reviewed"
          body={(r: AccessReviewRow) => r.lastReviewedAt?.slice(0, 10) ?? 'N/A'}
        />
      </DataTable>
    </section>
  );
}
