import { useTranslation } from 'react-i18next';
import { AUTH_SOURCES } from '../../../shared/api/users';
import { Button } from '../../components/button';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useGroups } from './detail-api';
import { groupLabel } from './group-names';
import { withoutFilters, withParam, YES_NO_FILTERS, type FilterKey } from './user-list-query';

export interface UserListFiltersProps {
  params: URLSearchParams;
  onChange(params: URLSearchParams): void;
}

/** The list's filters; every change goes to the address (and back to page 1). */
export function UserListFilters({ params, onChange }: UserListFiltersProps) {
  const { t } = useTranslation(['user-list', 'users']);
  const groups = useGroups();
  const set = (key: FilterKey, value: string) => onChange(withParam(params, key, value));
  const group = params.get('group') ?? '';
  // A group named in the address stays choosable while the groups load (or after one was renamed).
  const groupNames = groups.data?.map((g) => g.name) ?? [];
  const groupOptions = (group && !groupNames.includes(group) ? [group, ...groupNames] : groupNames).map((name) => ({ value: name, label: groupLabel(name, t) }));

  return (
    <div className="filter-bar" role="search" aria-label={t('filters.label')}>
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
      <Button variant="quiet" onPress={() => onChange(withoutFilters(params))}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}
