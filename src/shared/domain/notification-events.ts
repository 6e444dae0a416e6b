// The events the office writes to people about, each with the variables its template
// may use. The server fills them when the event happens; the template editor refuses any other
// variable and previews with the sample values below. `{{name}}` is the only syntax: no logic in
// templates, so a content manager cannot break a message or reach data the event does not carry.

export const TEMPLATE_LANGUAGES = ['en', 'sq', 'sr'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export const NOTIFICATION_EVENTS = [
  'payment_requested',
  'payment_received',
  'payment_refunded',
  'exemption_approved',
  'exemption_rejected',
  'documents_missing',
  'status_changed',
  'decision_made',
  'recognition_decision_made',
  'recognition_certificate_issued',
  'pre_university_recognition_denied',
  'appeal_decided',
  'deadline_reminder',
  'deadline_escalation',
  'password_reset',
  'staff_message',
  'authenticity_confirmation_request',
  'authenticity_confirmation_reminder',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export interface EventDefinition {
  /** Who receives it: the applicant of an application, a member of staff, or an institution the office asks (a third party). */
  audience: 'applicant' | 'staff' | 'institution';
  variables: readonly string[];
  /**
   * Those of `variables` that are secrets (a temporary password). A secret is written only into
   * the body of its own event's message, never into a subject (subjects are listed and searched),
   * and such a message is confidential: its subject and text are never shown nor resent from the list.
   */
  secrets?: readonly string[];
  /** An officer may send it by hand about an application (its variables all come from the application and the form's notes). */
  manual?: boolean;
}

const APPLICATION = ['applicant_name', 'reference', 'service', 'status'] as const;
/** The appeal notice of a recognition decision (services 1 and 2), as the decision states it. */
const APPEAL = ['appeal_body', 'appeal_period_days', 'appeal_last_day'] as const;
/** A confirmation request to the institution that issued a document: never the applicant's contact data beyond the holder's name. */
const CONFIRMATION = ['institution_name', 'holder_name', 'document_name', 'request_reference', 'reply_to', 'notes'] as const;

export const NOTIFICATION_EVENT_DEFINITIONS: Readonly<Record<NotificationEvent, EventDefinition>> = {
  payment_requested: { audience: 'applicant', variables: [...APPLICATION, 'amount', 'payment_reference'], manual: true },
  payment_received: { audience: 'applicant', variables: [...APPLICATION, 'amount', 'transaction_id', 'paid_at', 'receipt_code'] },
  payment_refunded: { audience: 'applicant', variables: [...APPLICATION, 'amount', 'reason'] },
  exemption_approved: { audience: 'applicant', variables: [...APPLICATION, 'notes'] },
  exemption_rejected: { audience: 'applicant', variables: [...APPLICATION, 'notes'] },
  documents_missing: { audience: 'applicant', variables: [...APPLICATION, 'notes'], manual: true },
  status_changed: { audience: 'applicant', variables: [...APPLICATION, 'notes'], manual: true },
  decision_made: { audience: 'applicant', variables: [...APPLICATION, 'outcome', 'notes'] },
  recognition_decision_made: { audience: 'applicant', variables: [...APPLICATION, 'recognition_outcome', 'notes', ...APPEAL] },
  recognition_certificate_issued: { audience: 'applicant', variables: [...APPLICATION, 'notes', ...APPEAL] },
  pre_university_recognition_denied: { audience: 'applicant', variables: [...APPLICATION, 'notes', ...APPEAL] },
  appeal_decided: { audience: 'applicant', variables: [...APPLICATION, 'appeal_outcome', 'notes'] },
  deadline_reminder: { audience: 'staff', variables: ['recipient_name', 'reference', 'deadline', 'due_date', 'days_left'] },
  deadline_escalation: { audience: 'staff', variables: ['recipient_name', 'reference', 'deadline', 'due_date', 'days_overdue'] },
  password_reset: { audience: 'staff', variables: ['recipient_name', 'username', 'temporary_password', 'expires_at'], secrets: ['temporary_password'] },
  staff_message: { audience: 'staff', variables: ['recipient_name', 'sender_name', 'notes'], manual: true },
  authenticity_confirmation_request: { audience: 'institution', variables: [...CONFIRMATION] },
  authenticity_confirmation_reminder: { audience: 'institution', variables: [...CONFIRMATION, 'sent_on'] },
};

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variables a text uses, in order of first use. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1]!))];
}

/** Every variable that is a secret in some event. */
export const SECRET_VARIABLES: readonly string[] = [...new Set(NOTIFICATION_EVENTS.flatMap((event) => NOTIFICATION_EVENT_DEFINITIONS[event].secrets ?? []))];

/** Its messages carry a secret: their subject and text are never shown, and they are never resent. */
export function isConfidentialEvent(event: NotificationEvent): boolean {
  return (NOTIFICATION_EVENT_DEFINITIONS[event].secrets?.length ?? 0) > 0;
}

export type TemplateField = 'subject' | 'body';

/** The secrets `field` of `event`'s template may hold: only the body, only its event's own. */
export function allowedSecrets(event: NotificationEvent, field: TemplateField): readonly string[] {
  return field === 'body' ? (NOTIFICATION_EVENT_DEFINITIONS[event].secrets ?? []) : [];
}

/** The secret variables a subject or body uses where they may not be (the editor's and the server's check). */
export function misplacedSecrets(event: NotificationEvent, field: TemplateField, text: string): string[] {
  const allowed = allowedSecrets(event, field);
  return templateVariables(text).filter((name) => SECRET_VARIABLES.includes(name) && !allowed.includes(name));
}

/** The variables a text uses that its event does not know (the editor's and the server's check); a secret is reported by misplacedSecrets instead. */
export function unknownVariables(event: NotificationEvent, text: string): string[] {
  const known = NOTIFICATION_EVENT_DEFINITIONS[event].variables;
  return templateVariables(text).filter((name) => !known.includes(name) && !SECRET_VARIABLES.includes(name));
}

/** `values` without the secrets `field` of `event` may not hold: a misplaced secret stays as written, never filled. */
export function valuesFor(event: NotificationEvent, field: TemplateField, values: Readonly<Record<string, string>>): Record<string, string> {
  const allowed = allowedSecrets(event, field);
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_VARIABLES.includes(name) || allowed.includes(name)));
}

/** Fills `{{name}}`; a variable without a value is left as written, so a gap is visible, never silent. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => values[name] ?? whole);
}

/** Sample values for the live preview, per language (names and words a reader there expects). */
export const TEMPLATE_SAMPLES: Readonly<Record<TemplateLanguage, Readonly<Record<string, string>>>> = {
  en: {
    applicant_name: 'Arta Krasniqi',
    recipient_name: 'Besnik Gashi',
    sender_name: 'Drita Berisha',
    reference: 'NARIC-2026-000123',
    service: 'Recognition of university diplomas',
    status: 'Payment pending',
    amount: '€40.00',
    payment_reference: 'NARIC-2026-000123',
    transaction_id: 'TX-20261124-0042',
    paid_at: '24 November 2026',
    receipt_code: 'R7K2M9Q4X1',
    reason: 'The fee was charged twice.',
    notes: 'Please upload a certified translation of the diploma.',
    outcome: 'approved',
    recognition_outcome: 'Partial recognition',
    appeal_body: 'Appeals Commission of the Ministry of Education, Science, Technology and Innovation',
    appeal_period_days: '15',
    appeal_last_day: '9 December 2026',
    deadline: 'Council review',
    due_date: '1 December 2026',
    days_left: '3',
    days_overdue: '2',
    username: 'b.gashi',
    temporary_password: 'x7-Qm4-Lp9',
    expires_at: '27 November 2026, 14:00',
    appeal_outcome: 'your appeal was upheld: the decision stands',
    institution_name: 'University of Prishtina "Hasan Prishtina"',
    holder_name: 'Arta Krasniqi',
    document_name: 'diploma-arta-krasniqi.pdf',
    request_reference: 'NARIC-2026-000123-C1',
    reply_to: 'naric@naric.example',
    sent_on: '3 November 2026',
  },
  sq: {
    applicant_name: 'Arta Krasniqi',
    recipient_name: 'Besnik Gashi',
    sender_name: 'Drita Berisha',
    reference: 'NARIC-2026-000123',
    service: 'Njohja e diplomave universitare',
    status: 'Në pritje të pagesës',
    amount: '40,00 €',
    payment_reference: 'NARIC-2026-000123',
    transaction_id: 'TX-20261124-0042',
    paid_at: '24 nëntor 2026',
    receipt_code: 'R7K2M9Q4X1',
    reason: 'Tarifa u pagua dy herë.',
    notes: 'Ju lutemi ngarkoni një përkthim të certifikuar të diplomës.',
    outcome: 'miratuar',
    recognition_outcome: 'Njohje e pjesshme',
    appeal_body: 'Komisioni i Ankesave i Ministrisë së Arsimit, Shkencës, Teknologjisë dhe Inovacionit',
    appeal_period_days: '15',
    appeal_last_day: '9 dhjetor 2026',
    deadline: 'Shqyrtimi nga këshilli',
    due_date: '1 dhjetor 2026',
    days_left: '3',
    days_overdue: '2',
    username: 'b.gashi',
    temporary_password: 'x7-Qm4-Lp9',
    expires_at: '27 nëntor 2026, 14:00',
    appeal_outcome: 'ankesa juaj u shqyrtua dhe vendimi mbetet në fuqi',
    institution_name: 'Universiteti i Prishtinës "Hasan Prishtina"',
    holder_name: 'Arta Krasniqi',
    document_name: 'diploma-arta-krasniqi.pdf',
    request_reference: 'NARIC-2026-000123-C1',
    reply_to: 'naric@naric.example',
    sent_on: '3 nëntor 2026',
  },
  sr: {
    applicant_name: 'Arta Krasniqi',
    recipient_name: 'Besnik Gashi',
    sender_name: 'Drita Berisha',
    reference: 'NARIC-2026-000123',
    service: 'Priznavanje univerzitetskih diploma',
    status: 'Čeka se uplata',
    amount: '40,00 €',
    payment_reference: 'NARIC-2026-000123',
    transaction_id: 'TX-20261124-0042',
    paid_at: '24. novembar 2026.',
    receipt_code: 'R7K2M9Q4X1',
    reason: 'Taksa je naplaćena dva puta.',
    notes: 'Molimo otpremite overeni prevod diplome.',
    outcome: 'odobreno',
    recognition_outcome: 'Delimično priznavanje',
    appeal_body: 'Komisija za žalbe Ministarstva obrazovanja, nauke, tehnologije i inovacija',
    appeal_period_days: '15',
    appeal_last_day: '9. decembar 2026.',
    deadline: 'Pregled veća',
    due_date: '1. decembar 2026.',
    days_left: '3',
    days_overdue: '2',
    username: 'b.gashi',
    temporary_password: 'x7-Qm4-Lp9',
    expires_at: '27. novembar 2026. u 14:00',
    appeal_outcome: 'vaša žalba je razmotrena i odluka ostaje na snazi',
    institution_name: 'Univerzitet u Prištini "Hasan Prishtina"',
    holder_name: 'Arta Krasniqi',
    document_name: 'diploma-arta-krasniqi.pdf',
    request_reference: 'NARIC-2026-000123-C1',
    reply_to: 'naric@naric.example',
    sent_on: '3. novembar 2026.',
  },
};
