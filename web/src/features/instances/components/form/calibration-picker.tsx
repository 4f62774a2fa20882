import { INSTANCE_STATUS_LABELS, type InstanceStatus } from '@shared/sub-models/instances';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { calibrationChoices } from '../../../../api/executions';
import { instanceKeys } from '../../api/instances-api';

/** Our texts of the calibration picker (the spec names the list, §7, not its words). */
export const CALIBRATION_TEXTS = {
  label: 'Calibration instance',
  none: (subModel: string) =>
    `No instance of ${subModel} is accepted yet: accept a calibration instance before executing.`,
  superseded: (subModel: string) =>
    `The calibration this scenario ran with is no longer an accepted instance of ${subModel}: choose an accepted one.`,
  placeholder: (subModel: string) => `Select an accepted instance of ${subModel}`,
  /** Add Instance: the choice may wait until Execute. */
  optional: 'You can also choose it when you execute the instance.',
  /** The row and the detail: which calibration a scenario uses, and when it is no longer accepted. */
  uses: (name: string) => `Calibration: ${name}`,
  notAccepted: (status: string) => `no longer accepted (${status})`,
} as const;

/** The instance a picker chooses for: its sub-model, and the calibration it names today. */
export interface CalibrationTarget {
  executionSetupId?: string | undefined;
  scenarioId?: string | undefined;
}

/**
 * The calibration choice of a scenario of a linked sub-model (§5: Execute is blocked while "a
 * calibration instance is required but not selected"; §7 "List for calibration selection"): the
 * accepted instances of the linked calibration sub-model by name. It preselects the calibration the
 * scenario names while that is still accepted, else the only accepted one, and tells when the named
 * one is no longer accepted. `linked` is false for other sub-models and for callers who do not see the
 * calibration section (the choices cannot be read; the server would refuse a choice too).
 */
export function useCalibrationChoice(uuid: string, target: CalibrationTarget) {
  const queryClient = useQueryClient();
  const choices = useQuery({
    queryKey: [...instanceKeys.all(uuid), 'calibration-choices', target.executionSetupId],
    queryFn: () => calibrationChoices(queryClient, uuid, target.executionSetupId ?? ''),
    enabled: target.executionSetupId !== undefined,
    retry: false,
  });
  const accepted = choices.data?.accepted ?? [];
  const linkedName = choices.data?.linkedName;
  const previous = target.scenarioId;
  const fallback =
    previous && accepted.some((c) => c.id === previous)
      ? previous
      : accepted.length === 1
        ? accepted[0]?.id
        : undefined;
  const [picked, setPicked] = useState<string>();
  const selected = picked ?? fallback;
  return {
    linked: linkedName !== undefined,
    loading: choices.isLoading && target.executionSetupId !== undefined,
    linkedName: linkedName ?? '',
    accepted,
    selected,
    /** True when the user picked another one than the instance names. */
    changed: selected !== undefined && selected !== previous,
    setSelected: setPicked,
    supersededPrevious:
      previous !== undefined && choices.isSuccess && !accepted.some((c) => c.id === previous),
  };
}

export type CalibrationChoice = ReturnType<typeof useCalibrationChoice>;

/** The picker of a linked scenario's calibration; nothing for other instances. */
export function CalibrationPicker({
  choice,
  inputId,
  disabled = false,
  optional = false,
}: {
  choice: CalibrationChoice;
  inputId: string;
  disabled?: boolean;
  /** Add Instance: the choice may wait (Execute asks again). */
  optional?: boolean;
}) {
  if (!choice.linked) return null;
  return (
    <div className="mr-field">
      <label htmlFor={inputId}>{CALIBRATION_TEXTS.label}</label>
      {choice.supersededPrevious && <p role="note">{CALIBRATION_TEXTS.superseded(choice.linkedName)}</p>}
      {choice.accepted.length === 0 ? (
        <p role="alert">{CALIBRATION_TEXTS.none(choice.linkedName)}</p>
      ) : (
        <Dropdown
          inputId={inputId}
          value={choice.selected}
          options={choice.accepted}
          optionLabel="name"
          optionValue="id"
          disabled={disabled}
          placeholder={CALIBRATION_TEXTS.placeholder(choice.linkedName)}
          onChange={(e) => choice.setSelected(e.value as string)}
        />
      )}
      {optional && choice.accepted.length > 0 && <small>{CALIBRATION_TEXTS.optional}</small>}
    </div>
  );
}

/**
 * Which calibration a scenario uses, for its list row and detail (issue 21 §1): the name, and when it
 * is no longer the accepted one, a warning tag (Execute and the editor then offer the accepted ones).
 */
export function CalibrationUsed({
  calibration,
}: {
  calibration: { name: string; status: InstanceStatus } | undefined;
}) {
  if (!calibration) return null;
  const stale = calibration.status !== 'ACCEPTED';
  return (
    <span className="mr-calibration-used">
      {CALIBRATION_TEXTS.uses(calibration.name)}
      {stale && (
        <>
          {' '}
          <span className="p-tag p-tag-warning">
            {CALIBRATION_TEXTS.notAccepted(INSTANCE_STATUS_LABELS[calibration.status])}
          </span>
        </>
      )}
    </span>
  );
}
