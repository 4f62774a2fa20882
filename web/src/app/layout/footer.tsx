import { MESSAGES } from '@shared/messages';
import { useSettings, useVersion } from '../../lib/app-settings';
import { formatLocalDate } from '../../lib/format';

export const copyrightText = (year: number) => `© ${year} ${MESSAGES.productName}`;

/** 000 §1: copyright year, version and build date, and an analytics note when tracking is on. */
export function Footer() {
  const settings = useSettings();
  const version = useVersion();
  return (
    <footer className="mr-footer">
      <span>{copyrightText(new Date().getFullYear())}</span>
      {version && (
        <span>
          Version {version.version} · Built {formatLocalDate(version.buildTime)}
        </span>
      )}
      {settings?.trackingSettings.enabled && (
        <span className="mr-footer__tracking">
          This site uses analytics to understand how it is used and to improve it.
        </span>
      )}
    </footer>
  );
}
