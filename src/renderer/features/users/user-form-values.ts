import type { TFunction } from 'i18next';
import { GENDERS, type Gender } from '../../../shared/constants';
import { userCreate, userUpdate, type AuthSource, type PasswordDelivery, type UserCreate, type UserDetail, type UserUpdate } from '../../../shared/api/users';
import { userMessage } from './user-actions-refusal';

// The user form's values (spec §3) and the requests made from them. The form is checked with the
// contract's own schemas, so the screen refuses exactly what the server would, in the same words.

export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone: string;
  country: string;
  address: string;
  personal_id: string;
  date_of_birth: string | null;
  gender: Gender;
  groups: string[];
  is_active: boolean;
  email_verified: boolean;
  two_factor_required: boolean;
  /** Create only. */
  auth_source: AuthSource;
  /** Create only (local users). */
  password_delivery: PasswordDelivery;
}

export type UserField = keyof UserFormValues;
export type UserFieldErrors = Partial<Record<UserField, string>>;

export const USER_GENDERS = GENDERS;

export const emptyUserForm = (): UserFormValues => ({
  first_name: '',
  last_name: '',
  email: '',
  username: '',
  phone: '',
  country: '',
  address: '',
  personal_id: '',
  date_of_birth: null,
  gender: 'not_specified',
  groups: [],
  is_active: true,
  email_verified: false,
  two_factor_required: false,
  auth_source: 'local',
  password_delivery: 'email',
});

export function userFormOf(user: UserDetail): UserFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    username: user.username,
    phone: user.phone ?? '',
    country: user.country ?? '',
    address: user.address ?? '',
    personal_id: user.personal_id ?? '',
    date_of_birth: user.date_of_birth,
    gender: user.gender,
    groups: [...user.groups],
    is_active: user.is_active,
    email_verified: user.email_verified,
    two_factor_required: user.two_factor_required,
    auth_source: user.auth_source,
    password_delivery: 'email',
  };
}

function fieldsOf(values: UserFormValues) {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    username: values.username,
    phone: values.phone,
    country: values.country,
    address: values.address,
    personal_id: values.personal_id,
    date_of_birth: values.date_of_birth ?? '',
    gender: values.gender,
    groups: values.groups,
    is_active: values.is_active,
    email_verified: values.email_verified,
    two_factor_required: values.two_factor_required,
  };
}

type Checked<Request> = { request: Request; errors: UserFieldErrors } | { request: null; errors: UserFieldErrors };

function check<Request>(schema: typeof userCreate | typeof userUpdate, body: Record<string, unknown>, t: TFunction): Checked<Request> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { request: parsed.data as Request, errors: {} };
  const errors: UserFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as UserField;
    errors[field] ??= userMessage(issue.message, t);
  }
  return { request: null, errors };
}

export const checkUserCreate = (values: UserFormValues, t: TFunction): Checked<UserCreate> =>
  check<UserCreate>(
    userCreate,
    { ...fieldsOf(values), auth_source: values.auth_source, password_delivery: values.password_delivery },
    t,
  );

export const checkUserUpdate = (values: UserFormValues, version: number, t: TFunction): Checked<UserUpdate> =>
  check<UserUpdate>(userUpdate, { ...fieldsOf(values), version }, t);

/** The stored user as an edit request, with `change` applied (activate, deactivate). */
export function userUpdateOf(user: UserDetail, change: Partial<UserUpdate> = {}): UserUpdate {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    username: user.username,
    phone: user.phone,
    country: user.country,
    address: user.address,
    personal_id: user.personal_id,
    date_of_birth: user.date_of_birth,
    gender: user.gender,
    groups: user.groups,
    is_active: user.is_active,
    email_verified: user.email_verified,
    two_factor_required: user.two_factor_required,
    version: user.version,
    ...change,
  };
}
