import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import type { FeeLine, QuoteResult } from '../../../shared/domain/fees';
import { fromCents } from '../../../shared/domain/fees-money';
import { feeProblemMessage } from './draft-checks';

/**
 * A price case's name (services:priceCases, camelCase keys: i18next would read `more_than_one`'s
 * ending as a plural form).
 */
function priceCaseName(priceCase: string, t: TFunction): string {
  return t(`services:priceCases.${priceCase.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}`);
}

function lineText(line: FeeLine, t: TFunction): string {
  const counted = line.counted_documents === null ? '' : ` ${t('counter:fee.counted', { count: line.counted_documents })}`;
  switch (line.rule) {
    case 'case_price':
      return `${priceCaseName(line.price_case ?? 'standard', t)}${counted}`;
    case 'degree_level_price':
      return `${t('counter:fee.degreePrice', { case: priceCaseName(line.price_case ?? 'standard', t), degree: t(`services:degrees.${line.degree_level ?? ''}`) })}${counted}`;
    case 'fee_disabled':
      return t('counter:fee.disabled');
    case 'exemption_requested':
      return t('counter:fee.exemption');
  }
}

/**
 * The fee the applicant is told at the counter: computed here from the cached price table with
 * the server's own engine (shared/domain/fees.ts), so it holds offline and changes as documents,
 * degree level, request type or the exemption change. The server quotes again when the
 * application arrives and refuses it if the table changed meanwhile.
 */
export function FeeQuote({ result }: { result: QuoteResult | null }) {
  const { t } = useTranslation(['counter', 'services']);
  const format = useFormat();

  return (
    <section className="form-group counter-fee" aria-labelledby="counter-fee-title">
      <h2 id="counter-fee-title" className="counter-form__heading">
        {t('fee.title')}
      </h2>
      {result === null ? <p className="field__description">{t('fee.chooseService')}</p> : null}
      {result && !result.ok ? (
        <div role="status">
          <p>{t('fee.cannotQuote')}</p>
          <ul className="counter-form__list">
            {result.problems.map((problem) => (
              <li key={`${problem.field}:${problem.code}`}>{feeProblemMessage(problem, t)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result?.ok ? (
        <>
          <p className="counter-fee__total" role="status" aria-live="polite">
            {t('fee.total', { amount: format.money(fromCents(result.quote.total_cents)) })}
          </p>
          <DataTable<FeeLine & { key: string }>
            label={t('fee.breakdown')}
            rows={result.quote.lines.map((line, index) => ({ ...line, key: `${index}:${line.rule}` }))}
            rowKey={(line) => line.key}
            columns={[
              { id: 'rule', kind: 'text', title: t('fee.line'), isRowHeader: true, render: (line) => lineText(line, t) },
              { id: 'amount', kind: 'amount', title: t('fee.amount'), width: '9rem', render: (line) => format.money(fromCents(line.amount_cents)) },
            ]}
          />
          {result.quote.exemption_allowed && !result.quote.exemption_requested ? <p className="field__description">{t('fee.exemptionPossible')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
