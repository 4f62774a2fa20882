import { MESSAGES } from '@shared/messages';
import { PLATFORM_DISPLAY_LABELS } from '@shared/schemas/model';
import type { ModelCard as ModelCardData } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ClassificationBadge } from '../../../../components/ui/classification/classification';
import { RequestAccessDialog } from '../../../../components/ui/request-access-dialog/request-access-dialog';
import { paths } from '../../../../config/paths';
import { StatusTag } from '../list/models-table';
import type { VersionNode } from './dynamic-filters';

function VersionTree({ nodes, current }: { nodes: VersionNode[]; current: string }) {
  return (
    <ul className="mr-version-tree">
      {nodes.map((node) => (
        <li key={node.card.uuid}>
          <span className={node.card.uuid === current ? 'mr-version-tree__current' : undefined}>
            {node.card.version ? `Version ${node.card.version}` : node.card.name}
            {node.card.uuid === current ? ' (this entry)' : ''}
          </span>
          {node.children.length > 0 ? <VersionTree nodes={node.children} current={current} /> : null}
        </li>
      ))}
    </ul>
  );
}

interface ModelCardProps {
  card: ModelCardData;
  tree: VersionNode[];
  onDownload: (uuid: string) => void;
}

/** One Dynamic View result (000 §2): collapsed and expanded forms, restricted and preview-only cards. */
export function ModelCard({ card, tree, onDownload }: ModelCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [requesting, setRequesting] = useState(false);

  if (card.restricted) {
    return (
      <article
        className="mr-model-card mr-model-card--restricted"
        aria-label={MESSAGES.detailRestrictedAccess}
      >
        <i className="pi pi-lock" aria-hidden="true" />
        <p>{MESSAGES.detailRestrictedAccess}</p>
      </article>
    );
  }

  const details: [string, string | undefined][] = [
    ['Therapeutic Area', card.therapeuticArea],
    ['Name Of Disease', card.disease],
    ['Product', card.product.join(', ')],
    ['Model Type', card.modelType],
    ['Trial Number', card.studyNumber],
    ['Global/Adaptation', card.kind],
    ['Countries', card.country.join(', ')],
    ['Platform', card.platform ? PLATFORM_DISPLAY_LABELS[card.platform] : undefined],
    ['Creator', card.creator.name],
  ];
  const shown = expanded ? details : details.slice(0, 3);

  return (
    <article
      className={`mr-model-card ${card.status === 'RETIRED' ? 'mr-model-card--retired' : ''}`}
      aria-label={card.name}
    >
      <header className="mr-model-card__head">
        <ClassificationBadge value={card.informationClassification} />
        <h3>
          {card.previewOnly ? card.name : <Link to={paths.modelDetail.getHref(card.uuid)}>{card.name}</Link>}
        </h3>
        <StatusTag status={card.status} />
        {card.previewOnly ? null : (
          <Button
            type="button"
            icon="pi pi-download"
            text
            rounded
            aria-label={`Download ${card.name}`}
            onClick={() => onDownload(card.uuid)}
          />
        )}
        <Button
          type="button"
          icon={expanded ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
          text
          rounded
          aria-label={expanded ? 'Collapse card' : 'Expand card'}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        />
      </header>
      <dl className="mr-model-card__details">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {card.previewOnly ? (
        <div className="mr-model-card__preview">
          <p>{MESSAGES.detailPreviewOnly}</p>
          <Button
            type="button"
            label={MESSAGES.requestAccess}
            size="small"
            outlined
            aria-label={`Request Access to ${card.name}`}
            onClick={() => setRequesting(true)}
          />
        </div>
      ) : null}
      {requesting ? (
        <RequestAccessDialog
          target={{ kind: 'model', modelUuid: card.uuid, modelName: card.name }}
          onHide={() => setRequesting(false)}
        />
      ) : null}
      <section aria-label="Version tree" className="mr-model-card__tree">
        <h4>Versions</h4>
        <VersionTree nodes={tree} current={card.uuid} />
      </section>
    </article>
  );
}
