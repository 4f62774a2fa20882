import { type JSX, type UIEvent, useCallback, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { PlainButton as Button } from '../../../components/ui/plain-button';

export const AGREEMENT_TITLE = 'Agreement on Confidential Materials';

/** Pixels of slack at the bottom: browsers round scroll positions. */
const END_SLACK = 4;

/**
 * The legal agreement an external person must read before requesting access (002 §1, §2, §5). Its
 * text is the product's; the spec only says what it is about.
 */
export const AGREEMENT_PARAGRAPHS: readonly string[] = [
  'This agreement governs your access to Model Repository, a system in which the company keeps, versions, shares and runs quantitative models, and to every model, file, result and document you can reach through it (the "Confidential Materials").',
  'The Confidential Materials are the property of the company or of its partners. They are made available to you only for the purpose for which you were registered, as stated in your registration, and for no other purpose.',
  'You will keep the Confidential Materials strictly confidential. You will not disclose, publish, copy, transfer or make them available to any third party, in whole or in part, without the prior written consent of the company. Within your organisation you will share them only with people who need them for the stated purpose and who are bound by obligations of confidentiality at least as strict as these.',
  'You will not use the Confidential Materials to develop, validate or support any product, model or submission other than the one for which access was granted, and you will not reverse engineer any model, calculation or software made available to you.',
  'Your account is personal. You will not share your user name or password, and you will inform the person who registered you at once if you suspect that anyone else has used your account.',
  'Your access is limited in time and may be reviewed, changed or ended by the company at any moment without notice. When your access ends, or when the company asks, you will delete or return every copy of the Confidential Materials in your possession.',
  'The company records the use of Model Repository, including which materials you open, download and run, to protect the Confidential Materials and to comply with its obligations.',
  'Your obligations under this agreement continue after your access has ended. A breach of this agreement may lead to the immediate end of your access and to legal action.',
  'By ticking the box on the registration page you confirm that you have read this agreement to its end, that you understand it, and that you accept it on your own behalf and on behalf of the organisation you represent.',
];

export interface AgreementDialogProps {
  /** Called once the reader reached the end of the text (the box may be ticked from then on). */
  onRead: () => void;
  onHide: () => void;
}

/**
 * The agreement in a dialog whose text scrolls; reaching its end counts as read (002 §5: the box
 * "becomes settable only after the agreement dialog has been read"). Text that fits without
 * scrolling is read as soon as it is shown.
 */
export function AgreementDialog({ onRead, onHide }: AgreementDialogProps): JSX.Element {
  const [read, setRead] = useState(false);
  const check = useCallback(
    (element: HTMLElement | null) => {
      // Without layout (no height known) nothing can be judged: wait for a scroll.
      if (!element || read || element.scrollHeight === 0) return;
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - END_SLACK) {
        setRead(true);
        onRead();
      }
    },
    [read, onRead],
  );
  return (
    <ModalDialog
      visible
      header={AGREEMENT_TITLE}
      onHide={onHide}
      style={{ width: 'min(44rem, 95vw)' }}
      footer={
        <div className="mr-registration__agreement-footer">
          <span role="status">
            {read ? 'You have read the agreement.' : 'Scroll to the end to continue.'}
          </span>
          <Button label="Done" onClick={onHide} />
        </div>
      }
    >
      <section
        ref={check}
        className="mr-registration__agreement-text"
        onScroll={(e: UIEvent<HTMLElement>) => check(e.currentTarget)}
        aria-label={AGREEMENT_TITLE}
        // Focusable, so that keyboard users can scroll it with the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {AGREEMENT_PARAGRAPHS.map((text, i) => (
          <p key={text.slice(0, 32)}>
            {i + 1}. {text}
          </p>
        ))}
      </section>
    </ModalDialog>
  );
}
