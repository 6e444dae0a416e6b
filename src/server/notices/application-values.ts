import type { Kysely } from 'kysely';
import type { TemplateLanguage } from '../../shared/domain/notification-events';
import type { Database } from '../db/schema';
import { noticeStatus } from './notice-values';

// What every applicant notice says about its application (the events' APPLICATION variables),
// and where it goes: the applicant's address and the language they asked to be written to in.

export interface ApplicationAddressee {
  applicationId: number;
  email: string;
  language: TemplateLanguage;
  values: Record<'applicant_name' | 'reference' | 'service' | 'status', string>;
}

/** The application's applicant and values in their language; null when there is no such application. */
export async function applicationAddressee(db: Kysely<Database>, applicationId: number): Promise<ApplicationAddressee | null> {
  const row = await db
    .selectFrom('applications')
    .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .select([
      'applications.id',
      'applications.reference',
      'applications.status',
      'applicants.first_name',
      'applicants.last_name',
      'applicants.email',
      'applicants.preferred_language',
      'services.name_en',
      'services.name_sq',
      'services.name_sr',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  if (!row) return null;
  const language = row.preferred_language;
  const service = { en: row.name_en, sq: row.name_sq, sr: row.name_sr }[language];
  return {
    applicationId: row.id,
    email: row.email,
    language,
    values: {
      applicant_name: `${row.first_name} ${row.last_name}`.trim(),
      reference: row.reference,
      service,
      status: noticeStatus(language, row.status),
    },
  };
}
