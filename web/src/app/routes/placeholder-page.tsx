import { usePageTitle } from '../../components/ui/page-title';

/** Pages of later features: the title (and the real route guard) exist already. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  usePageTitle(title);
  return (
    <section className="mr-page">
      <h1>{title}</h1>
      <p className="mr-muted">{description ?? 'This screen is coming in a later release.'}</p>
    </section>
  );
}
