import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { DecisionConsistency } from '../../../shared/api/decision-precedents';
import type { RecognitionOutcome } from '../../../shared/api/recognition-decisions';
import { CLEAR_MAJORITY, departsFromMajority } from '../../../shared/domain/decision-consistency';
import { Button } from '../../components/button';
import { FormFieldMessage, FormTextAreaField } from '../../components/form-fields';
import { SimilarDecisionsPanel } from '../../components/similar-decisions-panel';
import { useFormat } from '../../lib/format';
import { useDecisionConsistency } from '../../lib/precedents-api';

/** "Consistent with N of M earlier decisions on this programme", for the outcome chosen; null before an outcome or without earlier decisions. */
export function ConsistencyLine({ consistency, outcome }: { consistency: DecisionConsistency; outcome: RecognitionOutcome | '' }) {
  const { t } = useTranslation('precedents');
  const format = useFormat();
  if (consistency.total === 0) return <p>{t('consistency.none')}</p>;
  if (outcome === '') return <p>{t('consistency.chooseOutcome', { count: consistency.total, total: format.number(consistency.total) })}</p>;
  const same = consistency.outcomes[outcome] ?? 0;
  return (
    <p className={departsFromMajority(consistency.outcomes, outcome) ? 'decision-consistency decision-consistency--departs' : 'decision-consistency'} role="status">
      {t('consistency.line', { count: consistency.total, consistent: format.number(same), total: format.number(consistency.total) })}
    </p>
  );
}

/**
 * The builder's precedents: how consistent the chosen outcome is with the earlier decisions on the
 * programme, the departure reason a clear majority asks for (the server refuses the decision
 * without it), and the similar decisions, any of which the officer may cite.
 */
/** The builder's fields this section edits (decision-builder.tsx's BuilderValues has them). */
export interface PrecedentFields extends FieldValues {
  departure_reason: string;
  precedent_ids: number[];
}

export function PrecedentsSection<Values extends PrecedentFields>({ applicationId, control, outcome }: { applicationId: number; control: Control<Values, unknown, unknown>; outcome: RecognitionOutcome | '' }) {
  const { t } = useTranslation('precedents');
  const consistency = useDecisionConsistency(applicationId);
  const { field: precedents } = useController({ control, name: 'precedent_ids' as Path<Values> });
  const { field: departure } = useController({ control, name: 'departure_reason' as Path<Values> });
  const cited = precedents.value as number[];
  // The panel is a list of its own: drawn when asked for (or when precedents are cited already).
  const [showSimilar, setShowSimilar] = useState(cited.length > 0);
  const departs = outcome !== '' && consistency.data !== undefined && departsFromMajority(consistency.data.outcomes, outcome);

  return (
    <section className="card" aria-labelledby="decision-precedents">
      <Heading level={2} id="decision-precedents" className="card__title">
        {t('builderTitle')}
      </Heading>
      {consistency.data ? <ConsistencyLine consistency={consistency.data} outcome={outcome} /> : null}
      {departs || departure.value ? (
        <FormTextAreaField
          control={control}
          name={'departure_reason' as Path<Values>}
          label={t('departure.label')}
          description={t('departure.help', { minimum: CLEAR_MAJORITY.minimum, majority: t(`decisions:outcome.${consistency.data?.majority ?? 'full'}`) })}
          rows={3}
          isRequired={departs}
        />
      ) : null}
      <Heading level={3} className="card__subtitle">
        {t('title')}
      </Heading>
      <p className="field__description">{t('citeHelp')}</p>
      {cited.length > 0 ? <p>{t('citedCount', { count: cited.length })}</p> : null}
      <Button variant="secondary" aria-expanded={showSimilar} onPress={() => setShowSimilar((shown) => !shown)}>
        {t(showSimilar ? 'hideSimilar' : 'showSimilar')}
      </Button>
      {showSimilar ? (
        <SimilarDecisionsPanel
          applicationId={applicationId}
          citing={{
            cited,
            onCite: (id, cite) => precedents.onChange(cite ? [...cited.filter((other) => other !== id), id] : cited.filter((other) => other !== id)),
          }}
        />
      ) : null}
      <FormFieldMessage control={control} name={'precedent_ids' as Path<Values>} />
    </section>
  );
}
