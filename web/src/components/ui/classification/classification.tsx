import { CLASSIFICATION_BADGES, type InformationClassification } from '@shared/schemas/model';
import './classification.css';

const ICONS: Record<InformationClassification, string> = {
  Public: 'pi-globe',
  Proprietary: 'pi-briefcase',
  Sensitive: 'pi-exclamation-triangle',
  Confidential: 'pi-lock',
};

/** The information classification as an icon with its name (000 §1). */
export function ClassificationIcon({ value }: { value?: InformationClassification }) {
  if (!value) return null;
  const { color } = CLASSIFICATION_BADGES[value];
  return (
    <span
      className={`mr-classification mr-classification--${color}`}
      title={`Information classification: ${value}`}
    >
      <i className={`pi ${ICONS[value]}`} aria-hidden="true" />
      <span>{value}</span>
    </span>
  );
}

/** The compact letter badge: P, Pr, S, C in green, teal, red, orange (000 §1). */
export function ClassificationBadge({ value }: { value?: InformationClassification }) {
  if (!value) return null;
  const { letter, color } = CLASSIFICATION_BADGES[value];
  return (
    <abbr
      className={`mr-classification-badge mr-classification-badge--${color}`}
      title={value}
      aria-label={`Classification: ${value}`}
    >
      {letter}
    </abbr>
  );
}
