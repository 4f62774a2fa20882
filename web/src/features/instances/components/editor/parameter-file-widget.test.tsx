import { sampleDefinition } from '@shared/sub-models/sample-template';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { ParameterFileWidget } from './parameter-file-widget';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const UUID = '11111111-1111-4111-8111-111111111111';
const TICKET_PATH = `/models/${UUID}/instances/01I/parameter-files`;
const definition = { ...sampleDefinition('FILE', 1), title: 'Input file' } as Extract<
  ReturnType<typeof sampleDefinition>,
  { type: 'FILE' }
>;

/** Stands in for XMLHttpRequest: reports half, then all of the upload, then answers `status`. */
class FakeXhr {
  static status = 200;
  /** Set: the test drives the upload through `FakeXhr.last` itself. */
  static manual = false;
  static last: FakeXhr | undefined;
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  private request = {
    method: '',
    url: '',
    headers: {} as Record<string, string>,
    body: undefined as unknown,
  };
  open(method: string, url: string) {
    this.request.method = method;
    this.request.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    this.request.body = body;
    FakeXhr.sent.push(this.request);
    FakeXhr.last = this;
    if (FakeXhr.manual) return;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = FakeXhr.status;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

function Harness({ onValue }: { onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(null);
  return (
    <>
      <label htmlFor="file">Input file</label>
      <ParameterFileWidget
        definition={definition}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
        disabled={false}
        inputId="file"
        describedBy={undefined}
        invalid={false}
        issues={[]}
        upload={{ uuid: UUID, instanceId: '01I' }}
      />
    </>
  );
}

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

beforeEach(() => {
  configureTestApi();
  FakeXhr.status = 200;
  FakeXhr.sent = [];
  FakeXhr.manual = false;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('parameter file upload (spec 001 §5, §8)', () => {
  it('refuses an extension outside the list and a file above 1 MB, before any upload', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onValue={vi.fn()} />);
    await user.upload(screen.getByLabelText('Input file'), file('model.exe', 10));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'File extension is unsupported, examples of supported extensions are: xls, xlsx, csv, tsv, mtp, json, txt, m, wl, wls, rdata, rda, sas7bdat, stx, xpt, dta, por, sav, zsav',
    );
    await user.upload(screen.getByLabelText('Input file'), file('data.CSV', 1_048_577));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'File exceeds 1 MB limit. Reduce the file size and try again.',
    );
    expect(callsTo(fetchMock, 'POST', TICKET_PATH)).toHaveLength(0);
  });

  it('asks for a presigned PUT, sends the file there and takes the stored file as the value', async () => {
    const fetchMock = stubFetch(
      on('POST', TICKET_PATH, () =>
        json(201, {
          file: { id: 'f-1', name: 'rates.csv' },
          upload: { url: 'http://s3.test/put', headers: { 'content-type': 'text/csv' } },
        }),
      ),
    );
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await userEvent.setup().upload(screen.getByLabelText('Input file'), file('rates.csv', 1_048_576));
    await waitFor(() => expect(onValue).toHaveBeenCalledWith({ id: 'f-1', name: 'rates.csv' }));
    const [call] = callsTo(fetchMock, 'POST', TICKET_PATH);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      parameterName: 'param_1',
      fileName: 'rates.csv',
      size: 1_048_576,
    });
    expect(FakeXhr.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'http://s3.test/put',
        headers: { 'content-type': 'text/csv' },
      }),
    ]);
    expect(screen.getByText('rates.csv')).toBeInTheDocument();
  });

  it('shows the upload’s progress', async () => {
    stubFetch(
      on('POST', TICKET_PATH, () =>
        json(201, {
          file: { id: 'f-1', name: 'rates.csv' },
          upload: { url: 'http://s3.test/put', headers: {} },
        }),
      ),
    );
    FakeXhr.manual = true;
    render(<Harness onValue={vi.fn()} />);
    await userEvent.setup().upload(screen.getByLabelText('Input file'), file('rates.csv', 10));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last?.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 10 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading, 40 %' })).toBeInTheDocument();
    act(() => {
      if (FakeXhr.last) FakeXhr.last.status = 200;
      FakeXhr.last?.onload?.();
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('rates.csv')).toBeInTheDocument();
  });

  it('says a file of that name exists (409) and that other failures failed to update the files', async () => {
    stubFetch(on('POST', TICKET_PATH, () => json(409, { message: 'exists', code: 'CONFLICT' })));
    const user = userEvent.setup();
    render(<Harness onValue={vi.fn()} />);
    await user.upload(screen.getByLabelText('Input file'), file('rates.csv', 10));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'File already exists, either choose a different file or rename the new file.',
    );
    stubFetch(
      on('POST', TICKET_PATH, () =>
        json(201, {
          file: { id: 'f-1', name: 'rates.csv' },
          upload: { url: 'http://s3.test/put', headers: {} },
        }),
      ),
    );
    FakeXhr.status = 500;
    await user.upload(screen.getByLabelText('Input file'), file('rates.csv', 10));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update Files.'));
  });
});
