import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Tooltip, TooltipTriggerStateContext } from 'react-aria-components';

export interface TruncatedTextProps {
  /** The whole text, shown in the tooltip when the line is cut. */
  text: string;
  /** What the line shows (defaults to the text); its own markup may carry the ellipsis. */
  children?: ReactNode;
  /** The cell around it has keyboard focus: show the tooltip as a hover would. */
  isFocused?: boolean;
}

/** How long the pointer rests on a cut line before the whole text shows. */
const HOVER_DELAY_MS = 400;

/** Cut at the end of its clamped line(s) (taller inside than shown), or a word wider than the line. */
const isCut = (element: HTMLElement | null) =>
  element !== null && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);

/**
 * One line of text cut at a word with an ellipsis. When it is cut, the whole text shows in a tooltip on
 * hover and while the surrounding table cell has keyboard focus (the grid focuses the cell, so
 * keyboard users reach it with the arrow keys); Escape hides it. Screen readers read the whole
 * text anyway: only the picture is cut.
 */
export function TruncatedText({ text, children, isFocused = false }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [isHovered, setHovered] = useState(false);
  const [isDismissed, setDismissed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wanted = isHovered || isFocused;
  useEffect(() => {
    if (!wanted) setDismissed(false);
  }, [wanted]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [cut, setCut] = useState(false);
  // Measured when wanted, not on every render: only a line that is really cut gets a tooltip.
  useLayoutEffect(() => {
    if (wanted) setCut(isCut(ref.current));
  }, [wanted]);
  const isOpen = wanted && cut && !isDismissed;
  // The tooltip follows this state rather than a TooltipTrigger's: its trigger is a table cell
  // that the grid focuses, not a button of its own.
  const state = useMemo(
    () => ({ isOpen, shouldSkipAnimation: true, open: () => {}, close: () => setDismissed(true) }),
    [isOpen],
  );
  useEffect(() => {
    if (!isOpen) return;
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', dismiss, true);
    return () => document.removeEventListener('keydown', dismiss, true);
  }, [isOpen]);

  return (
    <>
      <span
        ref={ref}
        className="truncated-text"
        onPointerEnter={(event) => {
          if (event.pointerType === 'touch') return;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setHovered(true), HOVER_DELAY_MS);
        }}
        onPointerLeave={() => {
          clearTimeout(timer.current);
          setHovered(false);
        }}
      >
        {children ?? text}
      </span>
      {/* Only a line someone points at or focuses carries a tooltip: a table has hundreds of lines. */}
      {wanted ? (
        <TooltipTriggerStateContext.Provider value={state}>
          <Tooltip triggerRef={ref} placement="top start" offset={4} className="tooltip">
            {text}
          </Tooltip>
        </TooltipTriggerStateContext.Provider>
      ) : null}
    </>
  );
}
