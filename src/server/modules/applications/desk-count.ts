import type { User } from '../../../shared/api/auth';
import { applicationListQuery } from '../../../shared/api/applications';
import type { DeskQuery } from '../../../shared/api/dashboard';
import { applicantFieldsFor, applicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import { ONE_ROW, type DeskCounters } from '../../desk-counts';
import { listApplications } from './list-queries';

/** The list's total under `query`, read as GET /applications/ (or /applications/incomplete/) reads it. */
async function countApplications(db: AppDatabase, user: User, query: DeskQuery, onlyIncomplete: boolean): Promise<number> {
  const { page: _page, page_size: _size, ordering, ...filter } = applicationListQuery.parse(query);
  const { count } = await listApplications(db, applicationScope(user), applicantFieldsFor(user), user.id, { ...filter, onlyIncomplete }, { ordering, ...ONE_ROW });
  return count;
}

export const applicationDeskCounters: Pick<DeskCounters, 'applications' | 'incompleteApplications'> = {
  applications: (db, user, query) => countApplications(db, user, query, false),
  incompleteApplications: (db, user, query) => countApplications(db, user, query, true),
};
