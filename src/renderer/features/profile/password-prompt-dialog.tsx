import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';

export interface PasswordPromptDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  isDestructive?: boolean;
  isPending: boolean;
  error: string | null;
  onConfirm(password: string): void;
}

/** Sensitive changes to two-factor sign-in ask for the password again. */
export function PasswordPromptDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  isDestructive = false,
  isPending,
  error,
  onConfirm,
}: PasswordPromptDialogProps) {
  const { t } = useTranslation(['profile', 'common']);
  const [password, setPassword] = useState('');
  const close = (open: boolean) => {
    if (!open) setPassword('');
    onOpenChange(open);
  };
  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title={title} isBusy={isPending}>
      <Form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(password);
        }}
      >
        <p>{description}</p>
        <PasswordField
          label={t('profile:password.current')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          isRequired
          autoFocus
        />
        <FormError message={error} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={() => close(false)} isDisabled={isPending}>
            {t('common:cancel')}
          </Button>
          <Button variant={isDestructive ? 'danger' : 'primary'} type="submit" isPending={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
