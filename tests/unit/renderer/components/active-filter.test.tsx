import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveFilter } from '../../../../src/renderer/components/list-screen';
import { useListAddress } from '../../../../src/renderer/lib/list-address';
import { chooseOption } from '../choose-option';
import { renderRoutes } from '../render';

afterEach(cleanup);

function Screen() {
  const address = useListAddress(['active']);
  return <ActiveFilter address={address} />;
}

describe('the list kit’s active filter (reference data’s lists)', () => {
  it('shows the address’s choice and writes the next one into it, back on page 1', async () => {
    const { router, i18n } = renderRoutes([{ path: '/list', element: <Screen /> }], { path: '/list?active=true&page=3' });
    expect(screen.getByRole('button', { name: /Active Status$/ })).toBeTruthy();
    await chooseOption('Status', 'Inactive');
    expect(router.state.location.search).toBe('?active=false');
    await chooseOption('Status', 'Any');
    expect(router.state.location.search).toBe('');
    await act(() => i18n.changeLanguage('sq'));
    expect(screen.getByRole('button', { name: /Të gjitha Gjendja$/ })).toBeTruthy();
  });
});
