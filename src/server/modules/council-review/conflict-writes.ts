import type { User } from '../../../shared/api/auth';
import type { AppDatabase } from '../../db/database';
import { notFound } from '../../errors';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import { councilRefusal } from '../../council-quorum';
import { recordAudit } from '../../shared/audit';

// A member of the application's council declares a conflict of interest on it. One per
// member and application (409 on a second); only while the council's review is open (409 after the
// decision). The application row is share-locked, so a declaration and a decision recorded at the
// same moment are taken one after the other: the decision then sees the conflict, or the
// declaration sees the closed review.

export async function declareConflict(db: AppDatabase, scope: ApplicationScope, user: User, applicationId: number, reason: string, ip: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('applications')
      .select(['applications.id', 'applications.reference', 'applications.council_id', 'applications.review_status'])
      .where('applications.id', '=', applicationId)
      .where(visibleIn(scope))
      .forShare()
      .executeTakeFirst();
    if (!application) throw notFound();
    if (application.council_id === null) throw councilRefusal('no_council');
    const member = await trx
      .selectFrom('council_members')
      .select('user_id')
      .where('council_id', '=', application.council_id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!member) throw councilRefusal('not_council_member');
    if (application.review_status !== 'pending_review' && application.review_status !== 'in_review') throw councilRefusal('review_closed');
    const inserted = await trx
      .insertInto('council_conflicts')
      .values({ application_id: application.id, user_id: user.id, council_id: application.council_id, reason })
      .onConflict((conflict) => conflict.columns(['application_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) throw councilRefusal('conflict_exists');
    await recordAudit(trx, {
      actorId: user.id,
      action: 'council.declare_conflict',
      entityType: 'application',
      entityId: application.id,
      details: { reference: application.reference, council_id: application.council_id, reason },
      ip,
    });
  });
}
