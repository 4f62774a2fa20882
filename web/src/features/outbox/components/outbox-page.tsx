import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Fragment, type ReactNode } from 'react';
import { usePageTitle } from '../../../components/ui/page-title';
import { getConfig, isLocalStage } from '../../../config/env';

/**
 * /local/outbox (local stage only): the e-mails the local SES stand-in wrote, newest first, with
 * clickable links, so that a person or a browser test can follow a link from an e-mail.
 */
export interface OutboxMail {
  id: string;
  to: string[];
  subject: string;
  body: string;
  sentAt?: string;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];

/** Keeps the link targets of an HTML body visible (and clickable once linkified). */
export const htmlToText = (html: string) =>
  html
    .replace(/<a\s[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gis, '$2 ($1)')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');

/** Accepts `[...]` or `{ items | messages | mails: [...] }`; field names as SES or nodemailer spell them. */
export function normaliseOutbox(raw: unknown): OutboxMail[] {
  const r = raw as Record<string, unknown> | unknown[] | null;
  const list = Array.isArray(r) ? r : ((r?.items ?? r?.messages ?? r?.mails ?? []) as unknown[]);
  const mails = (Array.isArray(list) ? list : []).map((entry, index) => {
    const m = (entry ?? {}) as Record<string, unknown>;
    const to = [...asList(m.to ?? m.toAddresses ?? m.recipients), ...asList(m.cc), ...asList(m.bcc)];
    const text = m.text ?? m.body ?? m.textBody;
    const body = text !== undefined ? String(text) : htmlToText(String(m.html ?? m.htmlBody ?? ''));
    const sentAt = m.sentAt ?? m.createdOn ?? m.date ?? m.timestamp;
    return {
      id: String(m.id ?? m.messageId ?? index),
      to,
      subject: String(m.subject ?? '(no subject)'),
      body,
      ...(sentAt ? { sentAt: String(sentAt) } : {}),
    };
  });
  return mails.sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
}

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

export function linkify(text: string): ReactNode[] {
  let offset = 0;
  return text.split(URL_PATTERN).map((part, i) => {
    const key = offset;
    offset += part.length;
    return i % 2 === 1 ? (
      <a key={key} href={part}>
        {part}
      </a>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
}

export function OutboxPage() {
  usePageTitle('Local Outbox');
  const config = getConfig();
  const local = isLocalStage(config) && Boolean(config.outboxUrl);
  const { data, isLoading, isError, refetch, isFetching } = useQuery({
    queryKey: ['local-outbox'],
    queryFn: async () => {
      const response = await fetch(config.outboxUrl as string, { cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return normaliseOutbox(await response.json());
    },
    enabled: local,
    staleTime: 0,
  });

  if (!local) {
    return (
      <main className="mr-page">
        <h1>Local Outbox</h1>
        <p>The outbox exists only in the local environment.</p>
      </main>
    );
  }

  return (
    <main className="mr-page mr-outbox">
      <div className="mr-page__head">
        <h1>Local Outbox</h1>
        <Button
          label="Refresh"
          icon="pi pi-refresh"
          outlined
          onClick={() => void refetch()}
          loading={isFetching}
        />
      </div>
      <p className="mr-muted">E-mails sent by the local cloud instead of Amazon SES.</p>
      {isLoading && <p>Loading…</p>}
      {isError && <p role="alert">The outbox could not be loaded.</p>}
      {data?.length === 0 && <p>No e-mails were sent yet.</p>}
      <ul className="mr-outbox__list">
        {data?.map((mail) => (
          <li key={mail.id}>
            <article className="mr-outbox__mail" aria-label={mail.subject}>
              <h2>{mail.subject}</h2>
              <p>
                <strong>To:</strong> {mail.to.join(', ')}
                {mail.sentAt && <span className="mr-muted"> · {mail.sentAt}</span>}
              </p>
              <div className="mr-outbox__body">{linkify(mail.body)}</div>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}

export default OutboxPage;
