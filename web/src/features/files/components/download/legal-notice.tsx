import { MESSAGES } from '@shared/messages';
import { Checkbox } from 'primereact/checkbox';
import { useId } from 'react';

/**
 * The legal notice of an entry (a default naming proprietary materials and the model-adaptation
 * procedure when the entry has none) and 'I have read the legal notice' (000 §2). Every download
 * waits for the tick (000 §4).
 */
export function LegalNoticeAcceptance({
  notice,
  accepted,
  onChange,
}: {
  notice: string | undefined;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const inputId = useId();
  return (
    <>
      <section className="mr-download__notice" aria-label="Legal notice">
        <h3>Legal notice</h3>
        <p>{notice?.trim() || MESSAGES.defaultLegalNotice}</p>
      </section>
      <div className="mr-download__accept">
        <Checkbox inputId={inputId} checked={accepted} onChange={(e) => onChange(Boolean(e.checked))} />
        <label htmlFor={inputId}>{MESSAGES.legalNoticeRead}</label>
      </div>
    </>
  );
}
