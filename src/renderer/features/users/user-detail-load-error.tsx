import { RecordLoadError, type RecordLoadErrorTexts } from '../../components/record-load-error';

const TEXTS: RecordLoadErrorTexts = { namespace: 'users', notFoundTitle: 'notFound.title', notFoundDescription: 'notFound.description', noAccess: 'noAccess', back: 'notFound.back' };

/** A user that could not be shown: not found (or no valid id), no access, or the failure as it was. */
export function UserDetailLoadError({ titleKey, error }: { titleKey: string; error: unknown }) {
  return <RecordLoadError titleKey={titleKey} error={error} texts={TEXTS} listPath="/users" />;
}
