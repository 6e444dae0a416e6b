import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field';
import type { PriceCase } from '../../../shared/domain/fees';
import { priceCaseKey } from './service-texts';
import { priceCasesOf, type FieldErrors, type ServiceFormValues } from './service-form-values';

/**
 * The price table of the service (spec §9): a base amount for every case of the type's table,
 * and per offered degree level the amounts that replace some of them (left empty: the base price).
 */
export function PriceTableEditor({
  values,
  errors,
  onPrices,
  onDegreePrices,
}: {
  values: ServiceFormValues;
  errors: FieldErrors;
  onPrices(prices: ServiceFormValues['prices']): void;
  onDegreePrices(prices: ServiceFormValues['degree_prices']): void;
}) {
  const { t } = useTranslation('services');
  const cases = priceCasesOf(values.service_type);
  const setDegreePrice = (degree: string, priceCase: PriceCase, amount: string) =>
    onDegreePrices({ ...values.degree_prices, [degree]: { ...values.degree_prices[degree], [priceCase]: amount } });

  return (
    <fieldset className="service-form__group">
      <legend>{t('form.priceTable')}</legend>
      <p className="field__description">{t(`priceTableHelp.${values.service_type}`)}</p>
      {errors['price_table.kind'] ? <p className="field__error">{errors['price_table.kind']}</p> : null}
      <div className="service-form__amounts">
        {cases.map((priceCase) => (
          <TextField
            key={priceCase}
            label={t('form.basePrice', { case: t(priceCaseKey(priceCase)) })}
            value={values.prices[priceCase] ?? ''}
            inputMode="decimal"
            onChange={(amount) => onPrices({ ...values.prices, [priceCase]: amount })}
            errorMessage={errors[`price_table.prices.${priceCase}`]}
          />
        ))}
      </div>
      {values.degree_options.map((degree) => (
        <fieldset key={degree} className="service-form__group service-form__group--nested">
          <legend>{t('form.degreePrices', { degree: t(`degrees.${degree}`) })}</legend>
          {errors[`price_table.degree_prices.${degree}`] ? <p className="field__error">{errors[`price_table.degree_prices.${degree}`]}</p> : null}
          <div className="service-form__amounts">
            {cases.map((priceCase) => (
              <TextField
                key={priceCase}
                label={t('form.degreePrice', { case: t(priceCaseKey(priceCase)), degree: t(`degrees.${degree}`) })}
                description={t('form.degreePriceHelp')}
                value={values.degree_prices[degree]?.[priceCase] ?? ''}
                inputMode="decimal"
                onChange={(amount) => setDegreePrice(degree, priceCase, amount)}
                errorMessage={errors[`price_table.degree_prices.${degree}.${priceCase}`]}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
