import { SECTION_TITLES, type SubModelType } from '@shared/sub-models/sub-model';
import { Link } from 'react-router-dom';
import { paths } from '../../../../config/paths';

/** A tile's empty value. */
const NONE = '—';

/**
 * The page header of the sub-model and instance screens (spec 001 §2): Calibration, Display or
 * Scenario Management, with tiles for the Model Name (a link to the model detail), the Sub-model and
 * the Instance (a link to the instance editor).
 */
export function WorkspaceHeader({
  section,
  model,
  subModelName,
  instance,
}: {
  section: SubModelType;
  model: { uuid: string; name: string } | undefined;
  subModelName: string | undefined;
  instance: { id: string; name: string } | undefined;
}) {
  return (
    <header className="mr-workspace__header">
      <h1 className="mr-workspace__title">{SECTION_TITLES[section]}</h1>
      <dl className="mr-workspace__tiles">
        <div className="mr-workspace__tile">
          <dt>Model Name</dt>
          <dd>{model ? <Link to={paths.modelDetail.getHref(model.uuid)}>{model.name}</Link> : NONE}</dd>
        </div>
        <div className="mr-workspace__tile">
          <dt>Sub-model</dt>
          <dd>{subModelName ?? NONE}</dd>
        </div>
        <div className="mr-workspace__tile">
          <dt>Instance</dt>
          <dd>
            {model && instance ? (
              <Link to={paths.instanceEditor.getHref(model.uuid, instance.id)}>{instance.name}</Link>
            ) : (
              NONE
            )}
          </dd>
        </div>
      </dl>
    </header>
  );
}
