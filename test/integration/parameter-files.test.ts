import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { PARAMETER_FILE_EXTENSIONS } from '@shared/sub-models/parameter-file';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import {
  addInstance,
  addTemplateSubModel,
  call,
  createWebEntry,
  instancePath,
  type Json,
  type SubModelWithInput,
  setInstanceState,
  type WebEntry,
} from './instances-helpers';

/**
 * Parameter files (issue 10; spec 001 §5 "Parameter file upload"): a presigned PUT of at most
 * 1,048,576 bytes with one of the listed extensions, for a FILE parameter of the instance's template.
 */

let entry: WebEntry;
let scenario: SubModelWithInput;
let instance: Json;

beforeAll(async () => {
  entry = await createWebEntry();
  scenario = await addTemplateSubModel(entry, 'scenario');
  instance = await addInstance('owner', entry.uuid, scenario.id);
});

const ticket = (body: Json, persona = 'owner', id: string = instance.id) =>
  call(persona, 'POST', `${instancePath(entry.uuid, id)}/parameter-files`, body);

describe('parameter files', () => {
  it('gives a presigned PUT for a file of at most 1 MB under parameter-files/, and the value to store', async () => {
    const size = 1_048_576;
    const res = await ticket({ parameterName: 'population', fileName: 'Population.CSV', size });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.file).toMatchObject({ name: 'Population.CSV' });
    const put = await fetch(res.body.upload.url, {
      method: 'PUT',
      body: Buffer.alloc(size, 'a'),
      headers: res.body.upload.headers,
    });
    expect(put.status).toBe(200);
    const cloud = localCloud();
    const s3 = new S3Client({
      endpoint: cloud.s3,
      region: cloud.region,
      forcePathStyle: true,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    const head = await s3.send(
      new HeadObjectCommand({
        Bucket: cloud.filesBucket,
        Key: `parameter-files/${entry.uuid}/${res.body.file.id}`,
      }),
    );
    s3.destroy();
    expect(head.ContentLength).toBe(size);

    // The value { id, name } is saved with the instance's inputs like any other value.
    const saved = await call('owner', 'PUT', `${instancePath(entry.uuid, instance.id)}/inputs`, {
      modelInputId: scenario.inputId,
      value: JSON.stringify({ cohort: 40, population: res.body.file }),
    });
    expect([saved.status, saved.body.valid]).toEqual([200, true]);
  });

  it("refuses a file over 1,048,576 bytes: 413 'File exceeds 1 MB limit. Reduce the file size and try again.'", async () => {
    const res = await ticket({ parameterName: 'population', fileName: 'big.csv', size: 1_048_577 });
    expect([res.status, res.body.message]).toEqual([413, SUB_MODEL_MESSAGES.fileTooLarge]);
  });

  it('refuses an extension outside the list (422, naming the examples) and accepts every listed one in any case', async () => {
    const res = await ticket({ parameterName: 'population', fileName: 'model.exe', size: 10 });
    expect([res.status, res.body.message]).toEqual([
      422,
      SUB_MODEL_MESSAGES.fileExtensionUnsupported(PARAMETER_FILE_EXTENSIONS),
    ]);
    for (const extension of ['xlsx', 'RDATA', 'sas7bdat', 'Zsav']) {
      expect(
        (await ticket({ parameterName: 'population', fileName: `f.${extension}`, size: 1 })).status,
      ).toBe(200);
    }
  });

  it("refuses no file ('File is required', 400) and a parameter that is not a FILE parameter (422)", async () => {
    const none = await ticket({ parameterName: 'population', fileName: ' ', size: 0 });
    expect([none.status, none.body.message]).toEqual([400, SUB_MODEL_MESSAGES.fileRequired]);
    const notFile = await ticket({ parameterName: 'cohort', fileName: 'a.csv', size: 1 });
    expect([notFile.status, notFile.body.message]).toEqual([422, MSG.parameterNotFile('cohort')]);
  });

  it('needs an instance the caller may edit: 403 for a viewer of the section, 409 once completed', async () => {
    expect((await ticket({ parameterName: 'population', fileName: 'a.csv', size: 1 }, 'vendor')).status).toBe(
      403,
    );
    const done = await addInstance('owner', entry.uuid, scenario.id);
    await setInstanceState(entry.uuid, done.id, { status: 'COMPLETED' });
    const res = await ticket({ parameterName: 'population', fileName: 'a.csv', size: 1 }, 'owner', done.id);
    expect([res.status, res.body.message]).toEqual([409, MSG.editState]);
  });
});
