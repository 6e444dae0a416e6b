import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import './choice-controls.css';
import { Icon } from './icon';

export interface PopoverButtonProps {
  /** The trigger's text. */
  label: React.ReactNode;
  /** Accessible name of the panel that opens. */
  title: string;
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
}

/** A button opening a small non-modal panel beside it (focus moves in, Escape closes it). */
export function PopoverButton({ label, title, children }: PopoverButtonProps) {
  return (
    <DialogTrigger>
      <AriaButton className="button button--secondary choice-trigger">
        {label}
        <Icon name="chevronDown" className="choice-trigger__arrow" />
      </AriaButton>
      <Popover className="popover choice-popover" placement="bottom start">
        <Dialog aria-label={title} className="choice-panel">
          {({ close }) => (typeof children === 'function' ? children(close) : children)}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
