import { useTranslation } from 'react-i18next';
import { AUTH_SOURCES } from '../../../shared/api/users';
import { Button } from '../../components/button';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useGroups } from './detail-api';
import { groupLabel } from './group-names';
import type { ListAddress } from '../../lib/list-address';
import { FilterBar } from '../../components/list-screen';
import { YES_NO_FILTERS } from './user-list-query';


/** The list's filters; every change goes to the address (and back to page 1). */
export function UserListFilters({ address }: { address: ListAddress }) {
  const { t } = useTranslation(['user-list', 'users']);
  const groups = useGroups();
  const { params } = address;
  const set = (key: string, value: string) => address.set({ [key]: value });
  const group = params.get('group') ?? '';
  // A group named in the address stays choosable while the groups load (or after one was renamed).
  const groupNames = groups.data?.map((g) => g.name) ?? [];
  const groupOptions = (group && !groupNames.includes(group) ? [group, ...groupNames] : groupNames).map((name) => ({ value: name, label: groupLabel(name, t) }));

  return (
    <FilterBar label={t('filters.label')}>
      <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
      <SelectField isSearchable label={t('filters.group')} value={group} emptyLabel={t('filters.anyGroup')} openLabel={t('filters.showGroups')} options={groupOptions} onChange={(value) => set('group', value)} />
      {YES_NO_FILTERS.map((key) => (
        <SelectField
          key={key}
          label={t(`filters.${key}.label`)}
          value={params.get(key) ?? ''}
          emptyLabel={t('filters.any')}
          options={[
            { value: 'true', label: t(`filters.${key}.true`) },
            { value: 'false', label: t(`filters.${key}.false`) },
          ]}
          onChange={(value) => set(key, value)}
        />
      ))}
      <SelectField
        label={t('filters.authSource')}
        value={params.get('auth_source') ?? ''}
        emptyLabel={t('filters.any')}
        options={AUTH_SOURCES.map((source) => ({ value: source, label: t(`source.${source}`) }))}
        onChange={(value) => set('auth_source', value)}
      />
      <Button variant="quiet" onPress={() => address.clearFilters()}>
        {t('filters.clear')}
      </Button>
    </FilterBar>
  );
}
