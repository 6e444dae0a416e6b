import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Heading, Label, Radio, RadioGroup } from 'react-aria-components';
import { appealOutcomeInput } from '../../../shared/api/appeals';
import { ACTION_REQUESTS, type ApplicationDetail } from '../../../shared/api/applications';
import {
  DETAILED_OUTCOMES,
  DIFFERENCE_ELEMENTS,
  QUALIFICATION_PROFILES,
  RECOGNITION_OUTCOMES,
  type DecisionOptions,
  type DifferenceElement,
  type QualificationProfile,
  type RecognitionDecision,
  type RecognitionOutcome,
} from '../../../shared/api/recognition-decisions';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { ConfirmDialog } from '../../components/dialog';
import { FormFieldMessage, FormRootError, FormSelectField, FormTextAreaField } from '../../components/form-fields';
import { RefusalAlert } from '../../components/refusal-alert';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useUnsavedWork } from '../../lib/unsaved-work';
import { useChangeOnAppeal, useDecisionAction, type DecisionAction } from './api';
import { AppealNoticeText } from './appeal-notice';
import { ComparisonTable } from './comparison-table';
import { inLanguage } from './decision-texts';
import { PrecedentsSection } from './precedents-section';

export interface BuilderValues {
  outcome: RecognitionOutcome | '';
  outcome_detail: string;
  foreign_profile: QualificationProfile | '';
  /** The chosen qualification's id as text, '' for none. */
  national_qualification_id: string;
  differences: { element: DifferenceElement | ''; explanation: string }[];
  legal_reason_ids: number[];
  /** Why the outcome departs from a clear majority of earlier decisions on the programme ('' for none). */
  departure_reason: string;
  /** The earlier decisions cited as precedents. */
  precedent_ids: number[];
  notes: string;
}

/** The form's values from the decision prepared before (sent back for changes), or empty. */
export function builderValuesOf(previous: RecognitionDecision | null, options: DecisionOptions): BuilderValues {
  if (previous) {
    return {
      outcome: previous.outcome,
      outcome_detail: previous.outcome_detail ?? '',
      foreign_profile: previous.foreign.profile,
      national_qualification_id: String(previous.national.id),
      differences: previous.differences.map((difference) => ({ ...difference })),
      legal_reason_ids: previous.legal_bases.map((basis) => basis.id),
      departure_reason: previous.departure_reason ?? '',
      precedent_ids: [...previous.precedent_ids],
      notes: '',
    };
  }
  // The qualification of the application's own level, when the reference data has exactly one.
  const sameLevel = options.national_qualifications.filter((qualification) => qualification.degree_level === options.foreign.degree_level);
  return {
    outcome: '',
    outcome_detail: '',
    foreign_profile: '',
    national_qualification_id: sameLevel.length === 1 ? String(sameLevel[0]!.id) : '',
    differences: [],
    legal_reason_ids: [],
    departure_reason: '',
    precedent_ids: [],
    notes: '',
  };
}

/** The reasons the chosen outcome may cite (all of the service's, before an outcome is chosen). */
export function applicableReasons(options: DecisionOptions, outcome: RecognitionOutcome | '') {
  return options.legal_reasons.filter((reason) => outcome === '' || reason.outcomes.includes(outcome));
}

/** The workflow action that carries the decision: prepared for approval (service 1), or taken at once (service 2). */
export function decisionActionFor(application: Pick<ApplicationDetail, 'service_type'>, outcome: RecognitionOutcome | ''): DecisionAction {
  if (application.service_type === 1) return 'prepare_decision';
  return outcome === 'non_recognition' ? 'deny_recognition' : 'grant_recognition';
}

/** The request the values stand for; what is not chosen yet stays out, so the schema names it. */
export function decisionRequestOf(values: BuilderValues, options: DecisionOptions, version: number) {
  const applicable = new Set(applicableReasons(options, values.outcome).map((reason) => reason.id));
  return {
    version,
    ...(values.notes.trim() ? { notes: values.notes } : {}),
    decision: {
      outcome: values.outcome || undefined,
      outcome_detail: values.outcome_detail,
      foreign_profile: values.foreign_profile || undefined,
      national_qualification_id: values.national_qualification_id ? Number(values.national_qualification_id) : undefined,
      differences: values.differences.map((difference) => ({ element: difference.element || undefined, explanation: difference.explanation })),
      // A reason ticked for another outcome is kept in the form, but not cited with this one.
      legal_reason_ids: values.legal_reason_ids.filter((id) => applicable.has(id)),
      ...(values.departure_reason.trim() ? { departure_reason: values.departure_reason } : {}),
      ...(values.precedent_ids.length > 0 ? { precedent_ids: values.precedent_ids } : {}),
    },
  };
}


const FIELDS = new Set(['outcome', 'outcome_detail', 'foreign_profile', 'national_qualification_id', 'differences', 'legal_reason_ids', 'departure_reason', 'precedent_ids']);

/** A request path of the decision (`decision.differences.0.element`) is the form's field of the same name; a reason cited is the list's. */
function fieldOf(path: string): string | null {
  // An appeal's reason is written where the notes are.
  if (path === 'notes' || path === 'reason') return 'notes';
  const field = path.startsWith('decision.') ? path.slice('decision.'.length) : '';
  const top = field.split('.')[0] ?? '';
  if (!FIELDS.has(top)) return null;
  return top === 'legal_reason_ids' || top === 'precedent_ids' ? top : field;
}

/**
 * The decision builder: the outcome and what it covers, the comparison of the foreign
 * qualification with the chosen national one, the substantial differences with their explanations,
 * the legal bases the outcome may cite, and the appeal notice the decision will state. The shared
 * request schema checks it before sending; the server's refusals land on the same fields, and
 * nothing typed is lost.
 */
export function DecisionBuilder({
  application,
  options,
  previous,
  onReload,
  appeal,
}: {
  application: Pick<ApplicationDetail, 'id' | 'reference' | 'service_type' | 'version'>;
  options: DecisionOptions;
  previous: RecognitionDecision | null;
  onReload(): void;
  /**
   * A decision changed on appeal: sent as the appeal's outcome `changed` (with the reason, in the
   * notes' place, that the applicant is told), after a confirmation naming the new outcome.
   */
  appeal?: { id: number; version: number };
}) {
  const { t } = useTranslation(['decisions', 'applications']);
  const format = useFormat();
  const workflow = useDecisionAction(application.id);
  const onAppeal = useChangeOnAppeal(appeal?.id ?? 0);
  const navigate = useNavigate();
  const run = appeal ? onAppeal : workflow;
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const form = useSchemaForm<BuilderValues>({
    schema: appeal ? appealOutcomeInput : ACTION_REQUESTS.prepare_decision,
    defaultValues: builderValuesOf(previous, options),
    toRequest: (values) => {
      const request = decisionRequestOf(values, options, application.version);
      return appeal ? { outcome: 'changed', reason: values.notes, decision: request.decision, version: appeal.version } : request;
    },
    fieldOf,
    refusal: run.error,
    onEdited: () => {
      if (run.error) run.reset();
    },
    describe: (issue, translate) => {
      const field = issue.path.slice(1).join('.');
      if (field === 'outcome') return translate('decisions:builder.outcomeRequired');
      if (field === 'foreign_profile') return translate('decisions:builder.profileRequired');
      if (field === 'national_qualification_id') return translate('decisions:builder.nationalRequired');
      if (/^differences\.\d+\.element$/.test(field)) return translate('decisions:builder.elementRequired');
      return undefined;
    },
  });
  const { control } = form;
  const values = useWatch({ control }) as BuilderValues;
  const differences = useFieldArray({ control, name: 'differences' });
  const { field: outcome, fieldState: outcomeState } = useController({ control, name: 'outcome' });
  const { field: reasons } = useController({ control, name: 'legal_reason_ids' });
  // A rule of the list as a whole: react-hook-form keeps a field array's own message under `root`.
  const { errors } = useFormState({ control, name: 'differences' });
  const differencesError = errors.differences?.root?.message ?? errors.differences?.message;
  useUnsavedWork('form', form.formState.isDirty && !run.isSuccess, t('builder.title', { reference: application.reference }));

  const national = options.national_qualifications.find((qualification) => String(qualification.id) === values.national_qualification_id) ?? null;
  const offered = applicableReasons(options, values.outcome);
  const action = decisionActionFor(application, values.outcome);
  const step = appeal ? 'appeal' : action;
  const refusal = run.error ? describeRefusal(run.error, t, { 403: t('applications:errors.forbidden'), 412: t('applications:errors.stale') }) : null;
  const outcomeError = outcomeState.error?.message;
  const needsDetail = values.outcome !== '' && DETAILED_OUTCOMES.includes(values.outcome);

  const toggleReason = (id: number, selected: boolean) => {
    const others = reasons.value.filter((other) => other !== id);
    reasons.onChange(selected ? [...others, id] : others);
  };
  const submit = (body: unknown) => {
    if (appeal) {
      setConfirming(body as Record<string, unknown>);
      return;
    }
    workflow.mutate({ action, body: body as Record<string, unknown> }, { onSuccess: () => notifySuccess('saved', t(`builder.done.${action}`)) });
  };
  const changeOnAppeal = () =>
    onAppeal.mutate(confirming as Parameters<typeof onAppeal.mutate>[0], {
      // The appeal is decided: its own screen now shows the outcome and the new decision.
      onSuccess: () => {
        notifySuccess('saved', t('builder.done.appeal'));
        navigate(`/appeals/${appeal!.id}`, { replace: true });
      },
      onSettled: () => setConfirming(null),
    });

  return (
    <form className="decision-builder" onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate aria-label={t('builder.formLabel')}>
      {refusal && Object.keys(refusal.fieldErrors).length === 0 ? (
        <RefusalAlert title={t('builder.notSaved')} message={refusal.message} reload={refusal.offerReload ? { label: t('reload'), onReload } : null} />
      ) : null}

      <section className="card" aria-labelledby="decision-outcome">
        <Heading level={2} id="decision-outcome" className="card__title">
          {t('builder.outcomeTitle')}
        </Heading>
        <RadioGroup
          className="radio-group field decision-builder__outcomes"
          value={outcome.value}
          onChange={outcome.onChange}
          isInvalid={outcomeError ? true : undefined}
          aria-describedby={outcomeError ? 'decision-outcome-error' : undefined}
        >
          {/* The card's title says it; the group keeps its name for assistive technology. */}
          <Label className="visually-hidden">{t('view.outcome')}</Label>
          {RECOGNITION_OUTCOMES.map((value) => (
            <Radio key={value} value={value} className="radio">
              {t(`outcome.${value}`)}
            </Radio>
          ))}
          {outcomeError ? (
            <p id="decision-outcome-error" className="field__error">
              {outcomeError}
            </p>
          ) : null}
        </RadioGroup>
        {needsDetail ? (
          <FormTextAreaField control={control} name="outcome_detail" label={t(`detailLabel.${values.outcome}`)} description={t(`detailHelp.${values.outcome}`)} rows={3} isRequired />
        ) : null}
      </section>

      <section className="card" aria-labelledby="decision-comparison">
        <Heading level={2} id="decision-comparison" className="card__title">
          {t('comparison.title')}
        </Heading>
        <div className="decision-builder__row">
          <FormSelectField
            control={control}
            name="national_qualification_id"
            label={t('builder.national')}
            emptyLabel={t('builder.chooseNational')}
            options={options.national_qualifications.map((qualification) => ({
              value: String(qualification.id),
              label: t('builder.nationalOption', { name: inLanguage(qualification, 'name', format.language), eqf: format.number(qualification.eqf_level) }),
            }))}
          />
          <FormSelectField
            control={control}
            name="foreign_profile"
            label={t('builder.foreignProfile')}
            emptyLabel={t('builder.chooseProfile')}
            options={QUALIFICATION_PROFILES.map((profile) => ({ value: profile, label: t(`profile.${profile}`) }))}
          />
        </div>
        <ComparisonTable foreign={options.foreign} foreignProfile={values.foreign_profile || null} national={national} />
      </section>

      <section className="card" aria-labelledby="decision-differences">
        <Heading level={2} id="decision-differences" className="card__title">
          {t('differences.title')}
        </Heading>
        <p className="field__description">{t(values.outcome === 'full' ? 'differences.fullHelp' : 'differences.help')}</p>
        {differences.fields.length === 0 ? <p>{t('differences.none')}</p> : null}
        <ol className="decision-builder__differences">
          {differences.fields.map((row, index) => (
            <li key={row.id} className="decision-builder__difference">
              <FormSelectField
                control={control}
                name={`differences.${index}.element`}
                label={t('differences.element', { number: index + 1 })}
                emptyLabel={t('differences.chooseElement')}
                options={DIFFERENCE_ELEMENTS.map((element) => ({ value: element, label: t(`element.${element}`) }))}
              />
              <FormTextAreaField control={control} name={`differences.${index}.explanation`} label={t('differences.explanation', { number: index + 1 })} rows={2} />
              <Button variant="quiet" onPress={() => differences.remove(index)}>
                {t('differences.remove', { number: index + 1 })}
              </Button>
            </li>
          ))}
        </ol>
        {differencesError ? <p className="field__error">{differencesError}</p> : null}
        {differences.fields.length < DIFFERENCE_ELEMENTS.length ? (
          <Button variant="secondary" onPress={() => differences.append({ element: '', explanation: '' })}>
            {t('differences.add')}
          </Button>
        ) : null}
      </section>

      <section className="card" aria-labelledby="decision-legal-bases">
        <Heading level={2} id="decision-legal-bases" className="card__title">
          {t('legalBases.title')}
        </Heading>
        {offered.length === 0 ? (
          <p>{t('legalBases.noneOffered')}</p>
        ) : (
          <fieldset className="decision-builder__reasons">
            <legend className="field__label">{t(values.outcome ? 'legalBases.forOutcome' : 'legalBases.chooseOutcomeFirst', { outcome: values.outcome ? t(`outcome.${values.outcome}`) : '' })}</legend>
            {offered.map((reason) => (
              <Checkbox key={reason.id} isSelected={reasons.value.includes(reason.id)} onChange={(selected) => toggleReason(reason.id, selected)}>
                <strong>{reason.article}</strong> — {inLanguage(reason, 'text', format.language)}
              </Checkbox>
            ))}
          </fieldset>
        )}
        <FormFieldMessage control={control} name="legal_reason_ids" />
      </section>

      <PrecedentsSection applicationId={application.id} control={control} outcome={values.outcome} />

      <section className="card" aria-labelledby="decision-appeal">
        <Heading level={2} id="decision-appeal" className="card__title">
          {t('appeal.title')}
        </Heading>
        {options.appeal ? (
          <>
            <AppealNoticeText appeal={options.appeal} />
            <p className="field__description">{t(application.service_type === 1 && !appeal ? 'appeal.previewApproval' : 'appeal.previewToday')}</p>
          </>
        ) : (
          <p>{t('appeal.notConfigured')}</p>
        )}
      </section>

      <section className="card" aria-labelledby="decision-submit">
        <Heading level={2} id="decision-submit" className="card__title">
          {t(`builder.submitTitle.${step}`)}
        </Heading>
        <FormTextAreaField control={control} name="notes" label={t(appeal ? 'builder.appealReason' : 'builder.notes')} description={appeal ? t('builder.appealReasonHelp') : undefined} rows={appeal ? 3 : 2} />
        <FormRootError control={control} />
        <div className="action-list">
          <Button type="submit" variant={action === 'deny_recognition' && !appeal ? 'danger' : 'primary'} isPending={run.isPending}>
            {t(`builder.submit.${step}`)}
          </Button>
        </div>
      </section>
      {appeal ? (
        <ConfirmDialog
          isOpen={confirming !== null}
          onOpenChange={(open) => (open ? undefined : setConfirming(null))}
          title={t('builder.confirmAppeal.title')}
          message={t('builder.confirmAppeal.message', { outcome: values.outcome ? t(`outcome.${values.outcome}`) : '', reference: application.reference })}
          confirmLabel={t('builder.confirmAppeal.confirm', { outcome: values.outcome ? t(`outcome.${values.outcome}`) : '' })}
          isPending={onAppeal.isPending}
          onConfirm={changeOnAppeal}
        />
      ) : null}
    </form>
  );
}
