import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { getConfig, isLocalStage } from '../../../config/env';
import { formatLocalDateTime } from '../../../lib/format';
import './outbox.css';

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
    const sentAt = m.sentAt ?? m.createdOn ?? m.date ?? m.timestamp ?? m.receivedAt;
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
/** Sentence punctuation right after a URL belongs to the text, not to the link. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** A same-origin URL as an in-app path (`/model/x/detail?role=..`), or undefined for other sites. */
export function inAppPath(href: string, origin: string = window.location.origin): string | undefined {
  try {
    const url = new URL(href);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text with its URLs as links: links into this web app navigate inside it (the router keeps the
 * signed-in session), others are plain anchors opening in a new tab.
 */
export function linkify(text: string, origin: string = window.location.origin): ReactNode[] {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const [i, part] of text.split(URL_PATTERN).entries()) {
    const key = offset;
    offset += part.length;
    if (i % 2 === 0) {
      if (part) nodes.push(<Fragment key={key}>{part}</Fragment>);
      continue;
    }
    const trailing = TRAILING_PUNCTUATION.exec(part)?.[0] ?? '';
    const href = trailing ? part.slice(0, -trailing.length) : part;
    const path = inAppPath(href, origin);
    nodes.push(
      path ? (
        <Link key={key} to={path}>
          {href}
        </Link>
      ) : (
        <a key={key} href={href} target="_blank" rel="noreferrer">
          {href}
        </a>
      ),
    );
    if (trailing) nodes.push(<Fragment key={`${key}-end`}>{trailing}</Fragment>);
  }
  return nodes;
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
              <dl className="mr-outbox__meta">
                <dt>To</dt>
                <dd>{mail.to.join(', ')}</dd>
                {mail.sentAt && (
                  <>
                    <dt>Date</dt>
                    <dd>
                      <time dateTime={mail.sentAt}>{formatLocalDateTime(mail.sentAt, 'seconds')}</time>
                    </dd>
                  </>
                )}
              </dl>
              <div className="mr-outbox__body">{linkify(mail.body)}</div>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}

export default OutboxPage;
