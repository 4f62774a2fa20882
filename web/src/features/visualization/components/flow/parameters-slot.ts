import type { InstanceValues, ValueIssue } from '@shared/sub-models/instance-values';
import type { ParameterDefinition } from '@shared/sub-models/parameter-definition';
import type { ComponentType } from 'react';

/**
 * The parameter widgets of the instance editor (001 §2 "Each input type has an editable and a
 * read-only widget"), which step 2 and the parameters display show for the display sub-model. They
 * belong to the instances feature; features do not import each other, so app/router.tsx passes the
 * instances feature's ParametersForm in with this shape.
 */
export interface ParametersFormProps {
  definitions: readonly ParameterDefinition[];
  values: InstanceValues;
  userLevel: number;
  readOnly: boolean;
  issues: readonly ValueIssue[];
  onChange: (name: string, value: unknown) => void;
  upload: { uuid: string; instanceId: string };
}

export type ParametersFormComponent = ComponentType<ParametersFormProps>;
