import { RecordLoadError, type RecordLoadErrorTexts } from '../../components/record-load-error';

const TEXTS: RecordLoadErrorTexts = { namespace: 'services', notFoundTitle: 'notFound.title', notFoundDescription: 'notFound.description', noAccess: 'noAccess', back: 'notFound.back' };

/** A service that could not be shown: not found (or no valid id), no access, or the failure as it was. */
export function ServiceLoadError({ titleKey, error }: { titleKey: string; error: unknown }) {
  return <RecordLoadError titleKey={titleKey} error={error} texts={TEXTS} listPath="/services" />;
}
