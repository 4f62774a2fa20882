import type { Outcome, PermissionUser } from '@shared/rules/model-permissions';
import type { ModelDetail } from '@shared/schemas/model-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { subModelPermission } from '@shared/sub-models/sub-model-access';

/**
 * Who may change a sub-model's input definitions: those who may edit the sub-model, and for display
 * sub-models (which offer no Edit) the same people as for the other sections. The server decides the
 * same way (functions/core/sub-models/sub-model-access.ts definitionOutcome); a retired entry's
 * definitions stay as they are.
 */
export function definitionEditOutcome(
  user: PermissionUser,
  model: Pick<ModelDetail, 'roles' | 'status'>,
  type: SubModelType,
): Outcome {
  const outcome = subModelPermission('edit', user, model.roles, type === 'display' ? 'scenario' : type);
  return outcome === 'allowed' && model.status === 'RETIRED' ? 'forbidden' : outcome;
}

export type JsonCheck =
  | { parsed: true; value: unknown; object: boolean }
  | { parsed: false; message: string };

/** The raw JSON editor's text: well-formed JSON (Save needs it), and whether it is an object (valid). */
export function checkJsonText(text: string): JsonCheck {
  try {
    const value: unknown = JSON.parse(text);
    return {
      parsed: true,
      value,
      object: typeof value === 'object' && value !== null && !Array.isArray(value),
    };
  } catch (error) {
    return { parsed: false, message: `The text is not valid JSON: ${(error as Error).message}` };
  }
}

/**
 * What Save does with a raw JSON definition: refuse text that is not JSON; ask 'Do you want to save it
 * anyway?' for JSON that is not an object (the definition would not be valid); otherwise save.
 */
export function jsonSaveDecision(check: JsonCheck): 'blocked' | 'confirm' | 'save' {
  if (!check.parsed) return 'blocked';
  return check.object ? 'save' : 'confirm';
}

export const SAVE_ANYWAY = SUB_MODEL_MESSAGES.saveAnyway;
