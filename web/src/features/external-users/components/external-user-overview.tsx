import { EXTERNAL_ROLE_LABELS } from '@shared/rules/external-registration';
import { EXTERNAL_USER_MESSAGES } from '@shared/rules/external-user-status';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Fieldset } from 'primereact/fieldset';
import { Link } from 'react-router-dom';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { paths } from '../../../config/paths';
import { externalUserOverviewQuery } from '../api/external-users';

const NA = EXTERNAL_USER_MESSAGES.notAvailable;
/** yyyy-MM-dd HH:mm UTC (002 §9, dates in records). */
const utc = (iso: string | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : NA);

/**
 * The User Overview modal of both list variants (002 §2): Registration Info (registered by,
 * activation and deactivation dates, 'N/A' when missing) and Model Entries, Sub-models and Roles
 * Assigned (each model links to its detail page, with its role and its sub-models).
 */
export function ExternalUserOverview({ email, onHide }: { email: string; onHide: () => void }) {
  const { data, isError } = useQuery(externalUserOverviewQuery(email));
  return (
    <ModalDialog header="User Overview" visible onHide={onHide} style={{ width: '48rem', maxWidth: '95vw' }}>
      {isError && <p role="alert">Failed to load the user overview</p>}
      {data && (
        <>
          <p>
            {data.firstName} {data.lastName} ({data.email}), {data.status}
          </p>
          <Fieldset legend="Registration Info" toggleable>
            <dl className="mr-external-users__info">
              <dt>Registered By</dt>
              <dd>{data.registeredByName ?? data.registeredBy ?? NA}</dd>
              <dt>Activation Date</dt>
              <dd>{utc(data.activationDate)}</dd>
              <dt>Deactivation Date</dt>
              <dd>{utc(data.deactivationDate)}</dd>
              <dt>Access Ends On</dt>
              <dd>{data.accessEndsOn}</dd>
            </dl>
          </Fieldset>
          <Fieldset legend="Model Entries, Sub-models and Roles Assigned" toggleable>
            {data.modelAccesses.length === 0 && <p>No records were found</p>}
            {data.modelAccesses.map((access) => {
              const subModels = data.subModelAccessRequests.filter((s) => s.modelUuid === access.modelUuid);
              return (
                <section key={access.modelUuid} className="mr-external-users__model">
                  <h3>
                    <Link to={paths.modelDetail.getHref(access.modelUuid)}>{access.modelName}</Link>
                  </h3>
                  <p>Assigned role: {EXTERNAL_ROLE_LABELS[access.modelRole]}</p>
                  {subModels.length > 0 && (
                    <DataTable
                      value={subModels}
                      dataKey="subModelId"
                      size="small"
                      aria-label={`Sub-models of ${access.modelName}`}
                    >
                      <Column header="Type" field="submodelType" />
                      <Column header="Name" field="name" />
                      <Column header="Created By" field="createdBy" />
                      <Column header="Modified On" body={(s: { modifiedOn?: string }) => utc(s.modifiedOn)} />
                    </DataTable>
                  )}
                </section>
              );
            })}
          </Fieldset>
        </>
      )}
    </ModalDialog>
  );
}
