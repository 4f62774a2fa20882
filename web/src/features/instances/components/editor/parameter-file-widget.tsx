import type { FileValue } from '@shared/sub-models/instance-values';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import type { DefinitionOf } from '@shared/sub-models/parameter-definition';
import { PARAMETER_FILE_ACCEPT, parameterFileProblem } from '@shared/sub-models/parameter-file';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { apiMessage, putParameterFile, requestParameterFile } from '../../api/instances-api';
import type { WidgetProps } from './parameter-widgets';

const isFileValue = (v: unknown): v is FileValue =>
  typeof v === 'object' && v !== null && typeof (v as FileValue).id === 'string';

/** The message of a failed upload (spec 001 §8): a name taken (409), the server's rule, or the rest. */
export function uploadFailure(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return SUB_MODEL_MESSAGES.canceled;
  if (error instanceof ApiError && error.status === 409) return SUB_MODEL_MESSAGES.fileAlreadyExists;
  if (error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 422))
    return apiMessage(error) ?? SUB_MODEL_MESSAGES.failedToUpdateFiles;
  return SUB_MODEL_MESSAGES.failedToUpdateFiles;
}

/**
 * The parameter file widget (spec 001 §5): the file is checked in the browser first (present, one of
 * the extensions, at most 1 MB and the parameter's size), then sent straight to storage through a
 * presigned PUT with its progress shown; the parameter's value becomes the stored file's id and name.
 */
export function ParameterFileWidget({
  definition,
  value,
  onChange,
  disabled,
  inputId,
  describedBy,
  upload,
}: WidgetProps<DefinitionOf<'FILE'>>) {
  const [problem, setProblem] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const input = useRef<HTMLInputElement | null>(null);
  const problemId = `${inputId}-file-problem`;
  useEffect(() => () => controller.current?.abort(), []);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    const refused = parameterFileProblem(file, definition.size);
    setProblem(refused);
    if (refused || !file) return;
    const ac = new AbortController();
    controller.current = ac;
    setProgress(0);
    try {
      const ticket = await requestParameterFile(upload.uuid, upload.instanceId, {
        parameterName: definition.name,
        fileName: file.name,
        size: file.size,
      });
      await putParameterFile(ticket.upload, file, (f) => setProgress(Math.round(f * 100)), ac.signal);
      onChange({ id: ticket.file.id, name: ticket.file.name } satisfies FileValue);
    } catch (error) {
      setProblem(uploadFailure(error));
    } finally {
      setProgress(undefined);
      controller.current = undefined;
      if (input.current) input.current.value = '';
    }
  };

  const uploading = progress !== undefined;
  return (
    <div className="mr-param__file">
      {isFileValue(value) && (
        <span className="mr-param__file-name">
          <i className="pi pi-file" aria-hidden="true" /> {value.name}
          {!disabled && !uploading && (
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              size="small"
              aria-label={`Remove ${value.name}`}
              onClick={() => onChange(null)}
            />
          )}
        </span>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={PARAMETER_FILE_ACCEPT}
        disabled={disabled || uploading}
        aria-describedby={
          [describedBy, problem ? problemId : undefined].filter(Boolean).join(' ') || undefined
        }
        aria-invalid={Boolean(problem) || undefined}
        onChange={(e) => void choose(e)}
        className="mr-param__file-input"
      />
      {uploading && (
        <div className="mr-param__progress">
          <ProgressBar value={progress} aria-label={`Uploading, ${progress} %`} />
          <Button
            type="button"
            label="Cancel"
            size="small"
            text
            onClick={() => controller.current?.abort()}
          />
        </div>
      )}
      {problem && (
        <small id={problemId} className="mr-error-text" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
}
