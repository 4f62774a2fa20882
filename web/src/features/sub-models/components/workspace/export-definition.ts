import type { ModelInputView } from '@shared/schemas/sub-models-api';
import type { InputDefinitionType } from '@shared/sub-models/model-input';
import { normalizeFileName, type SubModelType } from '@shared/sub-models/sub-model';

/**
 * The sub-model Export of the sidebar (spec 001 §9): the input definition as a .json file whose name
 * joins the type, the sub-model name, the instance name (when one is open) and the words Input
 * Definition, spaces as underscores. A template is exported as its list of parameter definitions, the
 * form the definition import reads, so an exported file can be imported into another sub-model.
 */
export function exportFileName(type: SubModelType, subModelName: string, instanceName?: string): string {
  const typeWord = type.charAt(0).toUpperCase() + type.slice(1);
  const parts = [typeWord, subModelName.trim(), instanceName?.trim(), 'Input Definition'].filter(
    (p): p is string => Boolean(p),
  );
  return `${normalizeFileName(parts.join(' '))}.json`;
}

/** The definition the sub-model uses: the newest input of its definition type (the list is newest first). */
export function definitionInput(
  inputs: readonly ModelInputView[],
  definitionType: InputDefinitionType,
): ModelInputView | undefined {
  return inputs.find((i) => i.type === definitionType) ?? inputs[0];
}

/** The exported text: a template's definitions list, a JSON definition's object; pretty-printed. */
export function exportContent(input: Pick<ModelInputView, 'type' | 'value'>): string {
  let value: unknown;
  try {
    value = JSON.parse(input.value);
  } catch {
    return input.value;
  }
  if (input.type === 'JSONTEMPLATE' && typeof value === 'object' && value !== null && 'definitions' in value)
    value = (value as { definitions: unknown }).definitions;
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Saves `text` as a file through the browser's download. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
