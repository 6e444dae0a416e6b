import type { Kysely } from 'kysely';
import { NOTIFICATION_EVENTS, TEMPLATE_LANGUAGES, type NotificationEvent, type TemplateLanguage } from '../../shared/domain/notification-events';
import type { Database } from '../db/schema';

// The built-in text of every event in English, Albanian and Serbian (Latin script), as the office
// writes to people: formal, plain, saying what happened and what to do next. The seed stores them
// as version 1 of each template, so a content manager edits them like any other; composing falls
// back to them when no template is active. Only the event's own variables are used (a test checks).

export interface NoticeText {
  subject: string;
  body: string;
}

const SIGN = { en: 'Kind regards,\nNARIC', sq: 'Me respekt,\nNARIC', sr: 'S poštovanjem,\nNARIC' } as const;
const SIGN_STAFF = { en: 'NARIC Back-office', sq: 'Sistemi i NARIC-ut', sr: 'NARIC sistem' } as const;
const DEAR = { en: 'Dear', sq: 'I/E nderuar', sr: 'Poštovani/a' } as const;

const APPEAL = {
  en: 'If you disagree with the decision, you may appeal against it within the time limit set by law; the written decision explains how.',
  sq: 'Nëse nuk pajtoheni me vendimin, mund të paraqitni ankesë brenda afatit të përcaktuar me ligj; vendimi me shkrim shpjegon si.',
  sr: 'Ako se ne slažete sa odlukom, možete izjaviti žalbu u zakonskom roku; pisana odluka objašnjava kako.',
} as const;

/** A recognition decision (services 1 and 2) states its own appeal notice: the body, the period and the last day. */
const DECISION_APPEAL = {
  en: 'If you disagree with the decision, you may appeal against it to the {{appeal_body}} within {{appeal_period_days}} days of the decision, that is by {{appeal_last_day}} at the latest.',
  sq: 'Nëse nuk pajtoheni me vendimin, mund të paraqitni ankesë brenda {{appeal_period_days}} ditëve nga vendimi, pra më së voni më {{appeal_last_day}}. Ankesa i drejtohet organit: {{appeal_body}}.',
  sr: 'Ako se ne slažete sa rešenjem, možete izjaviti žalbu u roku od {{appeal_period_days}} dana od rešenja, odnosno najkasnije {{appeal_last_day}} Organ za žalbe: {{appeal_body}}.',
} as const;

/** The written decision exists as a PDF, issued with the decision. */
const DECISION_PDF = {
  en: 'The written decision (PDF) sets out the comparison of your qualification with the national qualification, the substantial differences found, if any, the legal basis and this appeal notice. You may collect it at the NARIC office or ask us to send it to you, quoting the reference {{reference}}.',
  sq: 'Vendimi me shkrim (PDF) paraqet krahasimin e kualifikimit tuaj me kualifikimin kombëtar, dallimet thelbësore të gjetura, nëse ka, bazën ligjore dhe këtë njoftim për ankesë. Mund ta merrni në zyrën e NARIC-ut ose të kërkoni që t’jua dërgojmë, duke cekur referencën {{reference}}.',
  sr: 'Pisano rešenje (PDF) sadrži poređenje vaše kvalifikacije sa nacionalnom kvalifikacijom, utvrđene suštinske razlike, ako ih ima, pravni osnov i ovu pouku o pravnom leku. Možete ga preuzeti u kancelariji NARIC-a ili zatražiti da vam ga pošaljemo, navodeći broj {{reference}}.',
} as const;

const text = (subject: string, ...paragraphs: string[]): NoticeText => ({ subject, body: paragraphs.join('\n\n') });

export const DEFAULT_NOTICE_TEXTS: Readonly<Record<NotificationEvent, Readonly<Record<TemplateLanguage, NoticeText>>>> = {
  payment_requested: {
    en: text(
      'Payment request for your application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'Your application {{reference}} for the service “{{service}}” has been registered. To continue with its processing, please pay the fee of {{amount}}.',
      'When paying, please quote the payment reference {{payment_reference}}, so that your payment can be matched to your application.',
      'Your application will be processed further as soon as the payment has been received.',
      SIGN.en,
    ),
    sq: text(
      'Kërkesë për pagesë për aplikacionin tuaj {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Aplikacioni juaj {{reference}} për shërbimin “{{service}}” është regjistruar. Për të vazhduar shqyrtimin e tij, ju lutemi paguani tarifën prej {{amount}}.',
      'Gjatë pagesës ju lutemi shënoni referencën e pagesës {{payment_reference}}, në mënyrë që pagesa juaj të lidhet me aplikacionin.',
      'Shqyrtimi i aplikacionit tuaj do të vazhdojë sapo të pranohet pagesa.',
      SIGN.sq,
    ),
    sr: text(
      'Zahtev za uplatu za vaš zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Vaš zahtev {{reference}} za uslugu „{{service}}“ je zaveden. Da bi se njegova obrada nastavila, molimo vas da uplatite taksu u iznosu od {{amount}}.',
      'Prilikom uplate navedite poziv na broj {{payment_reference}}, kako bi vaša uplata bila povezana sa zahtevom.',
      'Obrada vašeg zahteva biće nastavljena čim uplata bude primljena.',
      SIGN.sr,
    ),
  },
  payment_received: {
    en: text(
      'Payment received for your application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'We confirm that your payment of {{amount}} for application {{reference}} (“{{service}}”) was received on {{paid_at}}.',
      'Transaction ID: {{transaction_id}}\nReceipt code: {{receipt_code}}',
      'Please keep the receipt code: it allows anyone to verify your receipt with NARIC. The current status of your application is: {{status}}.',
      SIGN.en,
    ),
    sq: text(
      'U pranua pagesa për aplikacionin tuaj {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Ju konfirmojmë se pagesa juaj prej {{amount}} për aplikacionin {{reference}} (“{{service}}”) është pranuar më {{paid_at}}.',
      'ID e transaksionit: {{transaction_id}}\nKodi i dëftesës: {{receipt_code}}',
      'Ju lutemi ruajeni kodin e dëftesës: me të kushdo mund ta verifikojë dëftesën tuaj në NARIC. Statusi aktual i aplikacionit tuaj është: {{status}}.',
      SIGN.sq,
    ),
    sr: text(
      'Primljena uplata za vaš zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Potvrđujemo da je vaša uplata u iznosu od {{amount}} za zahtev {{reference}} („{{service}}“) primljena {{paid_at}}',
      'ID transakcije: {{transaction_id}}\nKod potvrde: {{receipt_code}}',
      'Molimo vas da sačuvate kod potvrde: pomoću njega svako može proveriti vašu potvrdu o uplati kod NARIC-a. Trenutni status vašeg zahteva je: {{status}}.',
      SIGN.sr,
    ),
  },
  payment_refunded: {
    en: text(
      'Refund for your application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'We inform you that an amount of {{amount}} paid for your application {{reference}} (“{{service}}”) has been refunded.',
      'Reason: {{reason}}',
      'The refund is made to the account from which the payment was received. Depending on your bank, it may take a few working days to appear.',
      SIGN.en,
    ),
    sq: text(
      'Rimbursim për aplikacionin tuaj {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Ju njoftojmë se shuma prej {{amount}} e paguar për aplikacionin tuaj {{reference}} (“{{service}}”) është rimbursuar.',
      'Arsyeja: {{reason}}',
      'Rimbursimi bëhet në llogarinë nga e cila është pranuar pagesa. Varësisht nga banka juaj, mund të duhen disa ditë pune që të shfaqet.',
      SIGN.sq,
    ),
    sr: text(
      'Povraćaj novca za vaš zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Obaveštavamo vas da je iznos od {{amount}} uplaćen za vaš zahtev {{reference}} („{{service}}“) vraćen.',
      'Razlog: {{reason}}',
      'Povraćaj se vrši na račun sa kojeg je uplata primljena. U zavisnosti od vaše banke, može proći nekoliko radnih dana dok ne bude vidljiv.',
      SIGN.sr,
    ),
  },
  exemption_approved: {
    en: text(
      'Fee exemption approved: application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'Your request to be exempted from the fee for application {{reference}} (“{{service}}”) has been approved. You do not need to make any payment, and your application is being processed.',
      '{{notes}}',
      SIGN.en,
    ),
    sq: text(
      'Lirimi nga tarifa u miratua: aplikacioni {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Kërkesa juaj për lirim nga tarifa për aplikacionin {{reference}} (“{{service}}”) është miratuar. Nuk keni nevojë të bëni asnjë pagesë dhe aplikacioni juaj është në shqyrtim.',
      '{{notes}}',
      SIGN.sq,
    ),
    sr: text(
      'Oslobađanje od takse odobreno: zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Vaš zahtev za oslobađanje od takse za zahtev {{reference}} („{{service}}“) je odobren. Nije potrebno da izvršite uplatu, a vaš zahtev je u obradi.',
      '{{notes}}',
      SIGN.sr,
    ),
  },
  exemption_rejected: {
    en: text(
      'Fee exemption not approved: application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'We regret to inform you that your request to be exempted from the fee for application {{reference}} (“{{service}}”) has not been approved, for the following reason:',
      '{{notes}}',
      'The fee must be paid for your application to be processed. The current status of your application is: {{status}}.',
      SIGN.en,
    ),
    sq: text(
      'Lirimi nga tarifa nuk u miratua: aplikacioni {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Me keqardhje ju njoftojmë se kërkesa juaj për lirim nga tarifa për aplikacionin {{reference}} (“{{service}}”) nuk është miratuar, për arsyen në vijim:',
      '{{notes}}',
      'Që aplikacioni juaj të shqyrtohet, tarifa duhet të paguhet. Statusi aktual i aplikacionit tuaj është: {{status}}.',
      SIGN.sq,
    ),
    sr: text(
      'Oslobađanje od takse nije odobreno: zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Sa žaljenjem vas obaveštavamo da vaš zahtev za oslobađanje od takse za zahtev {{reference}} („{{service}}“) nije odobren, iz sledećeg razloga:',
      '{{notes}}',
      'Da bi vaš zahtev bio obrađen, taksa mora biti plaćena. Trenutni status vašeg zahteva je: {{status}}.',
      SIGN.sr,
    ),
  },
  documents_missing: {
    en: text(
      'Documents needed for your application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'In reviewing your application {{reference}} (“{{service}}”) we found that further documents or information are needed before we can continue:',
      '{{notes}}',
      'Please submit them as soon as possible. The processing of your application is paused until we receive them.',
      SIGN.en,
    ),
    sq: text(
      'Nevojiten dokumente për aplikacionin tuaj {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Gjatë shqyrtimit të aplikacionit tuaj {{reference}} (“{{service}}”) kemi vërejtur se, para se të vazhdojmë, nevojiten dokumente ose të dhëna shtesë:',
      '{{notes}}',
      'Ju lutemi dorëzojini sa më shpejt. Shqyrtimi i aplikacionit tuaj pezullohet derisa t’i pranojmë.',
      SIGN.sq,
    ),
    sr: text(
      'Potrebna dokumenta za vaš zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Prilikom razmatranja vašeg zahteva {{reference}} („{{service}}“) utvrdili smo da su, pre nego što nastavimo, potrebna dodatna dokumenta ili podaci:',
      '{{notes}}',
      'Molimo vas da ih dostavite što pre. Obrada vašeg zahteva je zastala dok ih ne primimo.',
      SIGN.sr,
    ),
  },
  status_changed: {
    en: text(
      'Your application {{reference}}: {{status}}',
      `${DEAR.en} {{applicant_name}},`,
      'The status of your application {{reference}} (“{{service}}”) has changed. It is now: {{status}}.',
      '{{notes}}',
      'We will inform you of every further step.',
      SIGN.en,
    ),
    sq: text(
      'Aplikacioni juaj {{reference}}: {{status}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Statusi i aplikacionit tuaj {{reference}} (“{{service}}”) ka ndryshuar. Tani është: {{status}}.',
      '{{notes}}',
      'Do t’ju njoftojmë për çdo hap të mëtejshëm.',
      SIGN.sq,
    ),
    sr: text(
      'Vaš zahtev {{reference}}: {{status}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Status vašeg zahteva {{reference}} („{{service}}“) je promenjen. Sada glasi: {{status}}.',
      '{{notes}}',
      'O svakom sledećem koraku bićete obavešteni.',
      SIGN.sr,
    ),
  },
  decision_made: {
    en: text(
      'Decision on your application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'A decision has been taken on your application {{reference}} (“{{service}}”): it has been {{outcome}}.',
      '{{notes}}',
      APPEAL.en,
      SIGN.en,
    ),
    sq: text(
      'Vendim për aplikacionin tuaj {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Për aplikacionin tuaj {{reference}} (“{{service}}”) është marrë vendim: aplikacioni është {{outcome}}.',
      '{{notes}}',
      APPEAL.sq,
      SIGN.sq,
    ),
    sr: text(
      'Odluka o vašem zahtevu {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'O vašem zahtevu {{reference}} („{{service}}“) doneta je odluka. Ishod: {{outcome}}.',
      '{{notes}}',
      APPEAL.sr,
      SIGN.sr,
    ),
  },
  recognition_decision_made: {
    en: text(
      'Decision on your application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'A decision has been taken on your application {{reference}} (“{{service}}”): {{recognition_outcome}}.',
      '{{notes}}',
      DECISION_PDF.en,
      DECISION_APPEAL.en,
      SIGN.en,
    ),
    sq: text(
      'Vendim për aplikacionin tuaj {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Për aplikacionin tuaj {{reference}} (“{{service}}”) është marrë vendim: {{recognition_outcome}}.',
      '{{notes}}',
      DECISION_PDF.sq,
      DECISION_APPEAL.sq,
      SIGN.sq,
    ),
    sr: text(
      'Rešenje o vašem zahtevu {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'O vašem zahtevu {{reference}} („{{service}}“) doneto je rešenje: {{recognition_outcome}}.',
      '{{notes}}',
      DECISION_PDF.sr,
      DECISION_APPEAL.sr,
      SIGN.sr,
    ),
  },
  recognition_certificate_issued: {
    en: text(
      'Recognition certificate issued: application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'We are pleased to inform you that your application {{reference}} (“{{service}}”) has been approved and your recognition certificate has been issued.',
      '{{notes}}',
      'You may collect the certificate at the NARIC office. Its authenticity can be checked with the verification code printed on it.',
      DECISION_PDF.en,
      DECISION_APPEAL.en,
      SIGN.en,
    ),
    sq: text(
      'U lëshua certifikata e njohjes: aplikacioni {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Kemi kënaqësinë t’ju njoftojmë se aplikacioni juaj {{reference}} (“{{service}}”) është miratuar dhe certifikata juaj e njohjes është lëshuar.',
      '{{notes}}',
      'Certifikatën mund ta merrni në zyrën e NARIC-ut. Vërtetësia e saj mund të kontrollohet me kodin e verifikimit të shtypur në të.',
      DECISION_PDF.sq,
      DECISION_APPEAL.sq,
      SIGN.sq,
    ),
    sr: text(
      'Izdato uverenje o priznavanju: zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Sa zadovoljstvom vas obaveštavamo da je vaš zahtev {{reference}} („{{service}}“) odobren i da je vaše uverenje o priznavanju izdato.',
      '{{notes}}',
      'Uverenje možete preuzeti u kancelariji NARIC-a. Njegova verodostojnost može se proveriti pomoću verifikacionog koda odštampanog na njemu.',
      DECISION_PDF.sr,
      DECISION_APPEAL.sr,
      SIGN.sr,
    ),
  },
  pre_university_recognition_denied: {
    en: text(
      'Decision on recognition: application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'We regret to inform you that the pre-university qualification submitted with your application {{reference}} (“{{service}}”) could not be recognised.',
      '{{notes}}',
      DECISION_PDF.en,
      DECISION_APPEAL.en,
      SIGN.en,
    ),
    sq: text(
      'Vendim për njohjen: aplikacioni {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Me keqardhje ju njoftojmë se kualifikimi parauniversitar i paraqitur me aplikacionin tuaj {{reference}} (“{{service}}”) nuk mund të njihet.',
      '{{notes}}',
      DECISION_PDF.sq,
      DECISION_APPEAL.sq,
      SIGN.sq,
    ),
    sr: text(
      'Odluka o priznavanju: zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'Sa žaljenjem vas obaveštavamo da preduniverzitetska kvalifikacija podneta uz vaš zahtev {{reference}} („{{service}}“) nije mogla biti priznata.',
      '{{notes}}',
      DECISION_PDF.sr,
      DECISION_APPEAL.sr,
      SIGN.sr,
    ),
  },
  appeal_decided: {
    en: text(
      'Decision on your appeal: application {{reference}}',
      `${DEAR.en} {{applicant_name}},`,
      'Your appeal against the decision on your application {{reference}} (“{{service}}”) has been decided: {{appeal_outcome}}.',
      '{{notes}}',
      SIGN.en,
    ),
    sq: text(
      'Vendim për ankesën tuaj: aplikacioni {{reference}}',
      `${DEAR.sq} {{applicant_name}},`,
      'Ankesa juaj kundër vendimit për aplikacionin tuaj {{reference}} (“{{service}}”) është vendosur: {{appeal_outcome}}.',
      '{{notes}}',
      SIGN.sq,
    ),
    sr: text(
      'Odluka o vašoj žalbi: zahtev {{reference}}',
      `${DEAR.sr} {{applicant_name}},`,
      'O vašoj žalbi protiv odluke o zahtevu {{reference}} („{{service}}“) je odlučeno: {{appeal_outcome}}.',
      '{{notes}}',
      SIGN.sr,
    ),
  },
  deadline_reminder: {
    en: text(
      'Reminder: {{deadline}} for {{reference}} is due on {{due_date}}',
      `${DEAR.en} {{recipient_name}},`,
      'The deadline “{{deadline}}” of application {{reference}} is due on {{due_date}}. Days left: {{days_left}}.',
      'Please make sure that what is due is done in time.',
      SIGN_STAFF.en,
    ),
    sq: text(
      'Kujtesë: {{deadline}} për {{reference}} skadon më {{due_date}}',
      `${DEAR.sq} {{recipient_name}},`,
      'Afati “{{deadline}}” i aplikacionit {{reference}} skadon më {{due_date}}. Ditë të mbetura: {{days_left}}.',
      'Ju lutemi sigurohuni që ajo që duhet të kryhet, të kryhet me kohë.',
      SIGN_STAFF.sq,
    ),
    sr: text(
      'Podsetnik: {{deadline}} za {{reference}} ističe {{due_date}}',
      `${DEAR.sr} {{recipient_name}},`,
      'Rok „{{deadline}}“ zahteva {{reference}} ističe {{due_date}} Preostalo dana: {{days_left}}.',
      'Molimo vas da se postarate da ono što je potrebno bude urađeno na vreme.',
      SIGN_STAFF.sr,
    ),
  },
  deadline_escalation: {
    en: text(
      'Escalation: {{deadline}} for {{reference}} is overdue (due {{due_date}})',
      `${DEAR.en} {{recipient_name}},`,
      'The deadline “{{deadline}}” of application {{reference}} was due on {{due_date}} and is still open. Days overdue: {{days_overdue}}.',
      'You receive this message because you are to be told when this deadline is missed. Please see that the application is taken forward.',
      SIGN_STAFF.en,
    ),
    sq: text(
      'Përshkallëzim: {{deadline}} për {{reference}} ka kaluar afatin (skadonte më {{due_date}})',
      `${DEAR.sq} {{recipient_name}},`,
      'Afati “{{deadline}}” i aplikacionit {{reference}} skadonte më {{due_date}} dhe ende është i hapur. Ditë vonesë: {{days_overdue}}.',
      'E merrni këtë mesazh sepse duhet të njoftoheni kur ky afat tejkalohet. Ju lutemi kujdesuni që aplikacioni të çohet përpara.',
      SIGN_STAFF.sq,
    ),
    sr: text(
      'Eskalacija: {{deadline}} za {{reference}} je prekoračen (rok {{due_date}})',
      `${DEAR.sr} {{recipient_name}},`,
      'Rok „{{deadline}}“ zahteva {{reference}} istekao je {{due_date}}, a zahtev je i dalje otvoren. Dana kašnjenja: {{days_overdue}}.',
      'Ovu poruku dobijate jer treba da budete obavešteni kada se ovaj rok prekorači. Molimo vas da se postarate da obrada zahteva bude nastavljena.',
      SIGN_STAFF.sr,
    ),
  },
  password_reset: {
    en: text(
      'Your NARIC account: temporary password',
      'Hello {{recipient_name}},',
      'An administrator has set a temporary password for your NARIC account.',
      'Username: {{username}}\nTemporary password: {{temporary_password}}',
      'The temporary password works until {{expires_at}}. You must choose a new password when you first sign in with it.',
      'If you did not expect this message, tell the NARIC administrators.',
    ),
    sq: text(
      'Llogaria juaj në NARIC: fjalëkalim i përkohshëm',
      'Përshëndetje {{recipient_name}},',
      'Një administrator ka vendosur një fjalëkalim të përkohshëm për llogarinë tuaj në NARIC.',
      'Emri i përdoruesit: {{username}}\nFjalëkalimi i përkohshëm: {{temporary_password}}',
      'Fjalëkalimi i përkohshëm vlen deri më {{expires_at}}. Kur të kyçeni për herë të parë me të, duhet të zgjidhni një fjalëkalim të ri.',
      'Nëse nuk e prisnit këtë mesazh, njoftoni administratorët e NARIC-ut.',
    ),
    sr: text(
      'Vaš NARIC nalog: privremena lozinka',
      'Poštovani/a {{recipient_name}},',
      'Administrator je postavio privremenu lozinku za vaš NARIC nalog.',
      'Korisničko ime: {{username}}\nPrivremena lozinka: {{temporary_password}}',
      'Privremena lozinka važi do {{expires_at}}. Pri prvoj prijavi sa njom morate izabrati novu lozinku.',
      'Ako niste očekivali ovu poruku, obavestite NARIC administratore.',
    ),
  },
  staff_message: {
    en: text('Message from {{sender_name}}', `${DEAR.en} {{recipient_name}},`, '{{notes}}', '{{sender_name}}'),
    sq: text('Mesazh nga {{sender_name}}', `${DEAR.sq} {{recipient_name}},`, '{{notes}}', '{{sender_name}}'),
    sr: text('Poruka od: {{sender_name}}', `${DEAR.sr} {{recipient_name}},`, '{{notes}}', '{{sender_name}}'),
  },
  authenticity_confirmation_request: {
    en: text(
      'Request to confirm a document you issued ({{request_reference}})',
      'To the registrar of {{institution_name}},',
      'The ENIC-NARIC recognition centre of Kosovo has received a document presented as issued by your institution to {{holder_name}}. A copy is attached ({{document_name}}).',
      'Please tell us whether your institution issued this document as it stands: confirmed, not confirmed, or no such record. We took your address from an official source, not from the holder.',
      '{{notes}}',
      'Please reply to {{reply_to}} and quote the reference {{request_reference}}.',
      SIGN.en,
    ),
    sq: text(
      'Kërkesë për konfirmimin e një dokumenti të lëshuar nga ju ({{request_reference}})',
      'Drejtuar regjistrit të {{institution_name}},',
      'Qendra ENIC-NARIC e Kosovës për njohje ka pranuar një dokument të paraqitur si të lëshuar nga institucioni juaj për {{holder_name}}. Një kopje është bashkëngjitur ({{document_name}}).',
      'Ju lutemi na tregoni nëse institucioni juaj e ka lëshuar këtë dokument ashtu siç është: i konfirmuar, i pakonfirmuar, apo pa shënim të tillë. Adresën tuaj e kemi marrë nga një burim zyrtar, jo nga bartësi.',
      '{{notes}}',
      'Ju lutemi përgjigjuni në {{reply_to}} dhe përmendni referencën {{request_reference}}.',
      SIGN.sq,
    ),
    sr: text(
      'Zahtev za potvrdu dokumenta koji ste izdali ({{request_reference}})',
      'Matičnoj službi ustanove {{institution_name}},',
      'ENIC-NARIC centar za priznavanje Kosova primio je dokument predstavljen kao izdat od strane vaše ustanove na ime {{holder_name}}. Kopija je u prilogu ({{document_name}}).',
      'Molimo vas da nam javite da li je vaša ustanova izdala ovaj dokument u ovom obliku: potvrđeno, nije potvrđeno ili nema takvog zapisa. Vašu adresu smo preuzeli iz zvaničnog izvora, a ne od imaoca.',
      '{{notes}}',
      'Molimo vas da odgovorite na {{reply_to}} i navedete referencu {{request_reference}}.',
      SIGN.sr,
    ),
  },
  authenticity_confirmation_reminder: {
    en: text(
      'Reminder: request to confirm a document ({{request_reference}})',
      'To the registrar of {{institution_name}},',
      'On {{sent_on}} we asked you to confirm a document presented as issued by your institution to {{holder_name}} ({{document_name}}, attached again). We have not received your answer yet.',
      'Please reply to {{reply_to}} and quote the reference {{request_reference}}: confirmed, not confirmed, or no such record.',
      '{{notes}}',
      SIGN.en,
    ),
    sq: text(
      'Kujtesë: kërkesë për konfirmimin e një dokumenti ({{request_reference}})',
      'Drejtuar regjistrit të {{institution_name}},',
      'Më {{sent_on}} ju kërkuam të konfirmoni një dokument të paraqitur si të lëshuar nga institucioni juaj për {{holder_name}} ({{document_name}}, i bashkëngjitur sërish). Ende nuk e kemi marrë përgjigjen tuaj.',
      'Ju lutemi përgjigjuni në {{reply_to}} dhe përmendni referencën {{request_reference}}: i konfirmuar, i pakonfirmuar, apo pa shënim të tillë.',
      '{{notes}}',
      SIGN.sq,
    ),
    sr: text(
      'Podsetnik: zahtev za potvrdu dokumenta ({{request_reference}})',
      'Matičnoj službi ustanove {{institution_name}},',
      'Dana {{sent_on}} zamolili smo vas da potvrdite dokument predstavljen kao izdat od strane vaše ustanove na ime {{holder_name}} ({{document_name}}, ponovo u prilogu). Vaš odgovor još nismo primili.',
      'Molimo vas da odgovorite na {{reply_to}} i navedete referencu {{request_reference}}: potvrđeno, nije potvrđeno ili nema takvog zapisa.',
      '{{notes}}',
      SIGN.sr,
    ),
  },
};

/**
 * Stores each built-in text as version 1 of its template where the event and language has no
 * template yet (every start, demo or not; an edited template is never touched).
 */
export async function seedNotificationTemplates(db: Kysely<Database>): Promise<number> {
  const rows = NOTIFICATION_EVENTS.flatMap((event) =>
    TEMPLATE_LANGUAGES.map((language) => ({ event, language, version: 1, ...DEFAULT_NOTICE_TEXTS[event][language], active: true })),
  );
  const inserted = await db
    .insertInto('notification_templates')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['event', 'language', 'version']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}
