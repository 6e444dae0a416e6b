import type { UserDetail } from '../../src/shared/api/users';

/** The PUT/PATCH body that saves `user` as it is, with `changes` on top (the edit form's shape). */
export const userUpdateBody = (user: UserDetail, changes: Record<string, unknown> = {}) => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  username: user.username,
  phone: user.phone ?? '',
  country: user.country ?? '',
  address: user.address ?? '',
  personal_id: user.personal_id ?? '',
  date_of_birth: user.date_of_birth ?? '',
  gender: user.gender,
  groups: user.groups,
  is_active: user.is_active,
  email_verified: user.email_verified,
  two_factor_required: user.two_factor_required,
  version: user.version,
  ...changes,
});
