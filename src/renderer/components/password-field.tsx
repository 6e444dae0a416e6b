import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  FieldError,
  Group,
  Input,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldLabel } from './field-label';

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'type'> {
  label: string;
  description?: string;
  errorMessage?: string;
  /** 'current-password' when signing in, 'new-password' when choosing one. */
  autoComplete: 'current-password' | 'new-password';
}

export function PasswordField({ label, description, errorMessage, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField {...props} type={visible ? 'text' : 'password'} isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)} className="field">
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className="field__group">
        <Input className="field__input field__input--grouped" spellCheck={false} />
        <AriaButton
          className="field__toggle"
          aria-pressed={visible}
          aria-label={visible ? t('password.hide', { label }) : t('password.show', { label })}
          onPress={() => setVisible((shown) => !shown)}
        >
          {visible ? t('password.hideShort') : t('password.showShort')}
        </AriaButton>
      </Group>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
