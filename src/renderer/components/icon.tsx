import {
  ArrowDownUp,
  ArrowRight,
  Bell,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  Circle,
  Clock,
  Minus,
  RotateCcw,
  TriangleAlert,
  Undo2,
  X,
  type LucideIcon,
} from 'lucide-react';

// The app's one icon set: SVG drawn in the text colour, so an icon never depends on the fonts a
// machine has (an emoji bell shows as an empty box without emoji fonts). Named imports only, so
// the bundle carries these few drawings and not the whole set.

const ICONS = {
  alert: TriangleAlert,
  bell: Bell,
  check: Check,
  chevronDown: ChevronDown,
  chevronLeft: ChevronLeft,
  chevronRight: ChevronRight,
  circle: Circle,
  close: X,
  dash: Minus,
  pending: Clock,
  refund: Undo2,
  refundPart: RotateCcw,
  redirect: ArrowRight,
  sortAscending: ChevronUp,
  sortDescending: ChevronDown,
  sortable: ArrowDownUp,
} as const satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export interface IconProps {
  name: IconName;
  /**
   * What the icon says, for an icon that stands alone (nothing beside it says it). Leave it out when
   * words beside the icon already say it, or on an icon-only button that carries its own
   * aria-label: the icon is then decoration and hidden from screen readers.
   */
  label?: string;
  /** In pixels; by default the size of the text around it. */
  size?: number;
  /** A filled dot (the unread marker) rather than an outline. */
  filled?: boolean;
  className?: string;
}

export function Icon({ name, label, size, filled = false, className }: IconProps) {
  const Drawing = ICONS[name];
  const classes = className ? `icon ${className}` : 'icon';
  const look = { size: size ?? '1em', strokeWidth: 2.25, fill: filled ? 'currentColor' : 'none', className: classes };
  return label ? (
    <Drawing {...look} role="img" aria-label={label} focusable="false" />
  ) : (
    <Drawing {...look} aria-hidden="true" focusable="false" />
  );
}
