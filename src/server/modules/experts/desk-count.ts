import { reviewListQuery } from '../../../shared/api/experts';
import { isAdmin } from '../../../shared/auth/permissions';
import { ONE_ROW, type DeskCounters } from '../../desk-counts';
import { listReviews } from './review-queries';

/** "My reviews" total under a filter, as GET /expert-reviews/ reads it (admins: every review). */
export const expertDeskCounters: Pick<DeskCounters, 'expertReviews'> = {
  expertReviews: async (db, user, query) => {
    const { status } = reviewListQuery.parse(query);
    return (await listReviews(db, { reviewerId: isAdmin(user) ? null : user.id, status, ...ONE_ROW })).count;
  },
};
