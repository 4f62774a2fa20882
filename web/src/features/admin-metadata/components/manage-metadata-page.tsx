import { deleteRefusal, editRefusal, retireRefusal } from '@shared/rules/metadata-options';
import {
  type AdminOption,
  METADATA_OPTION_TYPE_LABELS,
  type MetadataOptionType,
  MetadataOptionTypeSchema,
  type RenameJob,
} from '@shared/schemas/metadata-option';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { TabMenu } from 'primereact/tabmenu';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { type ActionGroup, ActionGroupView, ActionSidebar } from '../../../components/ui/action-sidebar';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import {
  adminOptionsQuery,
  progressText,
  propertyOf,
  renameJobQuery,
  useResumeRename,
} from '../api/admin-options';
import { DeleteOptionDialog, OptionFormDialog, RetireOptionDialog } from './option-dialogs';
import './manage-metadata-page.css';

const TYPES = MetadataOptionTypeSchema.options;

/** A running rename: its progress from the job item, and Resume for a run that stopped. */
function RenameProgress({ job }: { job: RenameJob }) {
  const { data } = useQuery(renameJobQuery(job.jobId));
  const resume = useResumeRename();
  const current = data ?? job;
  const percent = current.total === 0 ? 100 : Math.round((current.done / current.total) * 100);
  return (
    <div className="mr-rename-progress" role="status">
      <span>{progressText(current)}</span>
      <ProgressBar value={percent} aria-label={progressText(current)} />
      {current.status === 'RUNNING' && (
        <Button
          label="Resume"
          size="small"
          text
          loading={resume.isPending}
          onClick={() => resume.mutate(current.jobId)}
          tooltip="Runs the rename again if it stopped; entries already renamed are skipped"
        />
      )}
      {current.status === 'FAILED' && <span className="p-error">{current.error}</span>}
    </div>
  );
}

type Dialog = 'add' | 'edit' | 'retire' | 'delete' | undefined;

/**
 * /admin/manage-metadata[/:property] (002 §2): one tab per property, the option grid with value, usage
 * count and retired flag, and the sidebar's Add, Edit, Retire and Delete Option with the rules of §5.
 */
export function ManageMetadataPage() {
  usePageTitle('Manage Metadata');
  const navigate = useNavigate();
  const type: MetadataOptionType = propertyOf(useParams().property);
  const { data, isLoading, isError } = useQuery(adminOptionsQuery(type));
  const [search, setSearch] = useState('');
  const [selectedValue, setSelectedValue] = useState<string | undefined>();
  const [dialog, setDialog] = useState<Dialog>();
  const items = data?.items ?? [];
  const selected = items.find((o) => o.value === selectedValue);
  const needle = search.trim().toLowerCase();
  const shown = needle ? items.filter((o) => o.value.toLowerCase().includes(needle)) : items;
  const state = selected && {
    retired: selected.retired,
    ...(selected.usage !== undefined ? { usage: selected.usage } : {}),
    renaming: selected.renameJobId !== undefined,
  };
  const noSelection = 'Select an option first.';
  const action = (key: Exclude<Dialog, undefined>, label: string, icon: string, refusal?: string) => ({
    key,
    label,
    icon,
    outcome: (refusal ? 'forbidden' : 'allowed') as 'forbidden' | 'allowed',
    ...(refusal ? { reason: refusal } : {}),
    ...(refusal ? {} : { onSelect: () => setDialog(key) }),
  });
  const groups: ActionGroup[] = [
    {
      key: 'options',
      title: 'Options',
      items: [
        action('add', 'Add Option', 'pi pi-plus'),
        action('edit', 'Edit Option', 'pi pi-pencil', state ? editRefusal(state) : noSelection),
        action('retire', 'Retire Option', 'pi pi-ban', state ? retireRefusal(state) : noSelection),
        action('delete', 'Delete Option', 'pi pi-trash', state ? deleteRefusal(state) : noSelection),
      ],
    },
  ];
  const close = () => setDialog(undefined);
  const usageHeader = type === 'file_tag' ? 'Count' : 'Usage';

  return (
    <AdminPageLayout
      sidebar={
        <ActionSidebar label="Option actions">
          {(collapsed) => groups.map((g) => <ActionGroupView key={g.key} group={g} collapsed={collapsed} />)}
        </ActionSidebar>
      }
    >
      <h1>Manage Metadata</h1>
      <TabMenu
        model={TYPES.map((t) => ({ label: METADATA_OPTION_TYPE_LABELS[t] }))}
        activeIndex={TYPES.indexOf(type)}
        onTabChange={(e) => {
          setSelectedValue(undefined);
          navigate(paths.adminMetadataProperty.getHref(TYPES[e.index] ?? 'model_type'));
        }}
        // The menubar's name (PrimeReact's `ariaLabel` prop is missing from its type declarations).
        pt={{ menu: { 'aria-label': 'Metadata properties' } }}
      />
      {(data?.jobs ?? []).map((job) => (
        <RenameProgress key={job.jobId} job={job} />
      ))}
      <span className="p-input-icon-left mr-admin-page__search">
        <i className="pi pi-search" aria-hidden="true" />
        <InputText
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search"
          aria-label={`Search ${METADATA_OPTION_TYPE_LABELS[type]}`}
        />
      </span>
      {data && !data.counted && (
        <p className="mr-manage-metadata__note">
          Usage of {METADATA_OPTION_TYPE_LABELS[type]} is not counted: options can be added and retired.
        </p>
      )}
      <DataTable
        value={shown}
        dataKey="value"
        loading={isLoading}
        paginator
        rows={20}
        rowsPerPageOptions={[10, 20, 50, 100]}
        selectionMode="single"
        selection={selected ?? null}
        onSelectionChange={(e) => setSelectedValue((e.value as AdminOption | null)?.value)}
        emptyMessage={isError ? 'Failed to load the options' : 'No records were found'}
        size="small"
        stripedRows
        aria-label={METADATA_OPTION_TYPE_LABELS[type]}
      >
        <Column header="Option" field="value" sortable />
        <Column
          header={usageHeader}
          sortField="usage"
          sortable
          body={(o: AdminOption) => (o.usage === undefined ? '—' : o.usage)}
        />
        <Column header="Retired" body={(o: AdminOption) => (o.retired ? 'Yes' : 'No')} />
      </DataTable>
      {dialog === 'add' && <OptionFormDialog type={type} options={items} onClose={close} />}
      {dialog === 'edit' && selected && (
        <OptionFormDialog type={type} options={items} editing={selected} onClose={close} />
      )}
      {dialog === 'retire' && selected && (
        <RetireOptionDialog type={type} option={selected} onClose={close} />
      )}
      {dialog === 'delete' && selected && (
        <DeleteOptionDialog type={type} option={selected} onClose={close} />
      )}
    </AdminPageLayout>
  );
}

export default ManageMetadataPage;
