import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  children: React.ReactNode;
  className?: string;
}

export function Button({ variant = 'secondary', className, children, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} isPending={isPending} className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}>
      {isPending ? <Spinner size="small" decorative /> : null}
      <span className="button__label">{children}</span>
    </AriaButton>
  );
}
