import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Icon } from '../../../../src/renderer/components/icon';

// The one icon set: an icon beside words is decoration, hidden from screen readers; an icon that
// stands alone says what it means.

afterEach(cleanup);

describe('Icon', () => {
  it('draws an SVG hidden from screen readers when words beside it say the same', () => {
    const { container } = render(
      <p>
        <Icon name="check" /> Paid
      </p>,
    );
    const drawing = container.querySelector('svg');
    expect(drawing).not.toBeNull();
    expect(drawing!.getAttribute('aria-hidden')).toBe('true');
    expect(drawing!.getAttribute('focusable')).toBe('false');
    expect(drawing!.getAttribute('role')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image with a name when it stands alone', () => {
    render(<Icon name="alert" label="Overdue" />);
    const drawing = screen.getByRole('img', { name: 'Overdue' });
    expect(drawing.tagName.toLowerCase()).toBe('svg');
    expect(drawing.getAttribute('aria-hidden')).toBeNull();
  });

  it('follows the size of the text around it unless told a size', () => {
    const { container } = render(
      <>
        <Icon name="bell" />
        <Icon name="bell" size={20} />
      </>,
    );
    const [inText, sized] = Array.from(container.querySelectorAll('svg'));
    expect(inText!.getAttribute('width')).toBe('1em');
    expect(sized!.getAttribute('width')).toBe('20');
  });
});
