import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './choice-controls.css';
import { Icon } from './icon';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: React.ReactNode;
}

/** A labelled checkbox (the label is the children). */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="checkbox">
      {({ isSelected, isIndeterminate }) => (
        <>
          <span aria-hidden="true" className="choice-box">
            {isSelected ? <Icon name="check" /> : isIndeterminate ? <Icon name="dash" /> : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
