import { RecordLoadError, type RecordLoadErrorTexts } from '../../components/record-load-error';

const TEXTS: RecordLoadErrorTexts = { namespace: 'experts', notFoundTitle: 'commissions.notFoundTitle', notFoundDescription: 'commissions.notFoundDescription', noAccess: 'noAccess', back: 'commissions.back' };

/** An expert commission that could not be shown: not found (or no valid id), no access, or the failure as it was. */
export function CommissionLoadError({ titleKey, error }: { titleKey: string; error: unknown }) {
  return <RecordLoadError titleKey={titleKey} error={error} texts={TEXTS} listPath="/expert-commissions" />;
}
