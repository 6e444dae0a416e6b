import { useTranslation } from 'react-i18next';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';
import { useUnsavedWork } from '../lib/unsaved-work';
import { FormError } from './form-error';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  title: string;
  children: React.ReactNode;
  /** While an action runs, the dialog cannot be dismissed by Escape or a click outside. */
  isBusy?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** `wide` for long texts (a template's body); 520 px otherwise. */
  size?: 'normal' | 'wide';
  /**
   * The dialog is a form whose typing would be lost: while open it counts as unsaved work, which
   * an update's restart names before the person agrees (lib/unsaved-work.ts).
   */
  holdsUnsavedWork?: boolean;
}

/** A modal dialog: focus is trapped inside and returns to the trigger when it closes. */
export function Dialog({ isOpen, onOpenChange, title, children, isBusy = false, role = 'dialog', size = 'normal', holdsUnsavedWork = false }: DialogProps) {
  useUnsavedWork('form', isOpen && holdsUnsavedWork, title);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!isBusy} isKeyboardDismissDisabled={isBusy} className="modal-overlay">
      <Modal className={size === 'wide' ? 'modal modal--wide' : 'modal'}>
        <AriaDialog role={role} className="dialog">
          <Heading slot="title" level={2} className="dialog__title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  title: string;
  message: React.ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  isDestructive?: boolean;
  isPending?: boolean;
  /** Why the last attempt failed, shown inside the dialog. */
  error?: string | null;
}

export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  isDestructive = false,
  isPending = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} isBusy={isPending} role="alertdialog">
      <div className="dialog__body">{message}</div>
      <FormError message={error} />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={isPending}>
          {t('cancel')}
        </Button>
        <Button variant={isDestructive ? 'danger' : 'primary'} onPress={onConfirm} isPending={isPending} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
