import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import {
  dismissMessage,
  displayText,
  getMessages,
  type MessageSeverity,
  subscribeMessages,
} from '../../lib/message-stack';
import { useDialogOverlayHost, useTopDialog } from './use-top-dialog';

const ICONS: Record<MessageSeverity, string> = {
  info: 'pi pi-info-circle',
  success: 'pi pi-check-circle',
  warning: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
};

/**
 * Renders the message stack (top right). Messages with a report id offer 'Report Issue'. While a
 * dialog is open the messages show inside the top dialog, below its header: never behind it, never
 * over its close button, and within reach of the keyboard and screen readers in the modal.
 */
export function MessageStack({ onReportIssue }: { onReportIssue?: (reportId: string) => void }) {
  const messages = useSyncExternalStore(subscribeMessages, getMessages, getMessages);
  const host = useDialogOverlayHost(useTopDialog(messages.length > 0));
  const stack = (
    <section className={host ? 'mr-messages mr-messages--in-dialog' : 'mr-messages'} aria-label="Messages">
      {messages.map((m) => (
        <div
          key={m.id}
          className={`mr-message mr-message--${m.severity}`}
          role={m.severity === 'error' ? 'alert' : 'status'}
          data-severity={m.severity}
        >
          <i className={ICONS[m.severity]} aria-hidden="true" />
          <div className="mr-message__text">
            <span>{displayText(m)}</span>
            {m.reported ? (
              <span className="mr-message__note">Issue reported</span>
            ) : (
              m.reportId &&
              onReportIssue && (
                <button
                  type="button"
                  className="mr-link-button"
                  onClick={() => onReportIssue(m.reportId as string)}
                >
                  Report Issue
                </button>
              )
            )}
          </div>
          <button
            type="button"
            className="mr-message__close"
            aria-label="Dismiss message"
            onClick={() => dismissMessage(m.id)}
          >
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>
  );
  return host ? createPortal(stack, host) : stack;
}
