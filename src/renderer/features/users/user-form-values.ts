import { GENDERS, type Gender } from '../../../shared/constants';
import type { AuthSource, PasswordDelivery, UserDetail, UserUpdate } from '../../../shared/api/users';

// The user form's values (spec §3) and the requests made from them. The form is checked with the
// contract's own schemas (userCreate, userUpdate), so the screen refuses exactly what the server would.

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

/** The create request the values stand for (checked by the contract's userCreate). */
export const userCreateBodyOf = (values: UserFormValues) => ({ ...fieldsOf(values), auth_source: values.auth_source, password_delivery: values.password_delivery });

/** The edit request the values stand for, with the version read (checked by userUpdate). */
export const userUpdateBodyOf = (values: UserFormValues, version: number) => ({ ...fieldsOf(values), version });

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
