import type { RoleSlot } from '@shared/rules/model-roles';
import { RoleEditor } from '../../../../components/ui/role-editor/role-editor';
import type { Actor, RoleFormState } from '../../../../components/ui/role-editor/role-state';

const ENTRY_SLOTS: readonly RoleSlot[] = ['vestLead', 'steward', 'owners', 'viewers'];

/**
 * Step 4: owners and viewers, the Value and Implementation Lead and the Model Steward (000 §5); the
 * New Model Version wizard passes the WebModel 2.0 roles too (`slots`).
 */
export function AccessStep({
  state,
  onChange,
  actor,
  showErrors,
  slots = ENTRY_SLOTS,
}: {
  state: RoleFormState;
  onChange: (next: RoleFormState) => void;
  actor: Actor;
  showErrors: boolean;
  slots?: readonly RoleSlot[];
}) {
  return (
    <div className="mr-access-step">
      <p className="mr-muted">
        The Value and Implementation Lead and the Model Steward are required; external users cannot take
        either role. A user holds one role on a model: adding someone to a role takes them out of the roles it
        excludes.
      </p>
      <RoleEditor state={state} onChange={onChange} slots={slots} actor={actor} showErrors={showErrors} />
    </div>
  );
}

/** Step 3: linking under a parent arrives with the lineage feature; for now every entry starts a lineage. */
export function LineageStep() {
  return (
    <div className="mr-lineage-step">
      <div className="mr-field mr-metadata-form__check">
        <input type="radio" id="mr-lineage-new" name="lineage" checked readOnly />
        <label htmlFor="mr-lineage-new">Start a new lineage</label>
      </div>
      <p className="mr-muted">
        The new model entry becomes the root of its own lineage, with no parent. Linking it under an existing
        model entry will be possible from the model's Lineage editing once version control is available.
      </p>
    </div>
  );
}
