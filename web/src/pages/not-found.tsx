import { ButtonLink, EmptyState } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';

export function NotFoundPage() {
  useDocumentTitle('Not found');
  return (
    <div className="page">
      <EmptyState icon="search" title="This page does not exist" action={<ButtonLink to="/monitors">Go to monitors</ButtonLink>}>
        The address may be mistyped, or what it showed was deleted.
      </EmptyState>
    </div>
  );
}
