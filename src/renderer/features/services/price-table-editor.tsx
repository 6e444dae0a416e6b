import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import { FormFieldMessage, FormTextField } from '../../components/form-fields';
import type { ServiceCreate } from '../../../shared/api/services';
import { priceCaseKey } from './service-texts';
import { priceCasesOf, type ServiceFormValues } from './service-form-values';

/**
 * The price table of the service (spec §9): a base amount for every case of the type's table,
 * and per offered degree level the amounts that replace some of them (left empty: the base price).
 */
export function PriceTableEditor({ control }: { control: Control<ServiceFormValues, unknown, ServiceCreate> }) {
  const { t } = useTranslation('services');
  const [serviceType, degreeOptions] = useWatch({ control, name: ['service_type', 'degree_options'] });
  const cases = priceCasesOf(serviceType);

  return (
    <fieldset className="form-group">
      <legend>{t('form.priceTable')}</legend>
      <p className="field__description">{t(`priceTableHelp.${serviceType}`)}</p>
      <div className="service-form__amounts">
        {cases.map((priceCase) => (
          <FormTextField key={priceCase} control={control} name={`prices.${priceCase}`} label={t('form.basePrice', { case: t(priceCaseKey(priceCase)) })} inputMode="decimal" />
        ))}
      </div>
      {degreeOptions.map((degree) => (
        <fieldset key={degree} className="form-group form-group--nested">
          <legend>{t('form.degreePrices', { degree: t(`degrees.${degree}`) })}</legend>
          <FormFieldMessage control={control} name={`degree_prices.${degree}`} />
          <div className="service-form__amounts">
            {cases.map((priceCase) => (
              <FormTextField
                key={priceCase}
                control={control}
                name={`degree_prices.${degree}.${priceCase}`}
                label={t('form.degreePrice', { case: t(priceCaseKey(priceCase)), degree: t(`degrees.${degree}`) })}
                description={t('form.degreePriceHelp')}
                inputMode="decimal"
              />
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
