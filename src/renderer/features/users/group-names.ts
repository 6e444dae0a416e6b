import type { TFunction } from 'i18next';
import { GROUPS, PERMISSION_CATALOGUE } from '../../../shared/auth/permissions';

// Group and permission names as people read them. The groups the access rules name (spec §6) and
// the catalogue's permissions have texts in every language; a group an administrator created
// keeps the name they gave it.

const GROUP_KEYS = new Map<string, string>(Object.entries(GROUPS).map(([key, name]) => [name, key]));

export function groupLabel(name: string, t: TFunction): string {
  const key = GROUP_KEYS.get(name);
  return key ? t(`users:groupNames.${key}`, { defaultValue: name }) : name;
}

export type PermissionApp = keyof typeof PERMISSION_CATALOGUE;
export const PERMISSION_APPS = Object.keys(PERMISSION_CATALOGUE) as PermissionApp[];

export const appLabel = (app: string, t: TFunction): string => t(`users:apps.${app}`, { defaultValue: app });

/** 'applications.view_application' → "View applications". */
export function permissionLabel(permission: string, t: TFunction): string {
  const [app, codename] = permission.split('.');
  return app && codename ? t(`users:permissions.${app}.${codename}`, { defaultValue: permission }) : permission;
}

/** The app of a permission name ('applications' of 'applications.view_application'). */
export const appOf = (permission: string): string => permission.split('.')[0] ?? permission;
