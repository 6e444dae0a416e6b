import { normaliseDn } from '../../../config';

// Which of our groups a directory user belongs to, from the directory groups they are a member of
// and the configured table (NARIC_LDAP_GROUP_MAP). Pure, so the rule reads in one place.

/** Every group the table names: the groups the directory decides for its users. */
export function directoryManagedGroups(groupMap: ReadonlyMap<string, readonly string[]>): string[] {
  return [...new Set([...groupMap.values()].flat())].sort();
}

/** Our groups for a person in these directory groups (DNs as the directory wrote them). */
export function mappedGroups(groupMap: ReadonlyMap<string, readonly string[]>, directoryGroupDns: readonly string[]): string[] {
  const groups = new Set<string>();
  for (const dn of directoryGroupDns) {
    for (const group of groupMap.get(normaliseDn(dn)) ?? []) groups.add(group);
  }
  return [...groups].sort();
}
