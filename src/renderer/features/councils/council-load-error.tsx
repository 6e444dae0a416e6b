import { RecordLoadError, type RecordLoadErrorTexts } from '../../components/record-load-error';

const TEXTS: RecordLoadErrorTexts = { namespace: 'councils', notFoundTitle: 'notFound.title', notFoundDescription: 'notFound.description', noAccess: 'noAccess', back: 'notFound.back' };

/** A council that could not be shown: not found (or no valid id), no access, or the failure as it was. */
export function CouncilLoadError({ titleKey, error }: { titleKey: string; error: unknown }) {
  return <RecordLoadError titleKey={titleKey} error={error} texts={TEXTS} listPath="/councils" />;
}
