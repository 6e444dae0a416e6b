import type { TemplateKind, TemplateLanguage } from './schema';

// The first version of every document template, seeded in every database (issuing needs them).
// Placeholders in double braces are filled from the application when a PDF is rendered; content
// managers upload new versions from the templates screen.

export const TEMPLATE_PLACEHOLDERS = [
  'holder_name',
  'reference',
  'institution',
  'country',
  'programme',
  'graduation_date',
  'decision_date',
  'issued_date',
  'code',
  'verify_url',
  'verdict_text',
  'outcome',
  'recognised_as',
] as const;

export interface TemplateText {
  kind: TemplateKind;
  language: TemplateLanguage;
  title: string;
  body: string;
}

export const DEFAULT_TEMPLATES: readonly TemplateText[] = [
  {
    kind: 'verification_document',
    language: 'sq',
    title: 'Dokument verifikimi',
    body:
      'Qendra Nacionale e Informimit për Njohjen Akademike (NARIC) e Republikës së Kosovës vërteton se diploma e {{holder_name}}, e lëshuar nga {{institution}} ({{country}}) për programin {{programme}}, është verifikuar me referencën {{reference}}.\n\n' +
      'Diploma është autentike dhe është lëshuar nga një institucion i autorizuar për këtë në kohën e diplomimit ({{graduation_date}}).\n\n' +
      'Lëshuar më {{issued_date}}. Verifikoni këtë dokument në {{verify_url}} me kodin {{code}}.',
  },
  {
    kind: 'verification_document',
    language: 'sr',
    title: 'Dokument o verifikaciji',
    body:
      'Nacionalni informacioni centar za akademsko priznavanje (NARIC) Republike Kosovo potvrđuje da je diploma koju je {{holder_name}} stekao/la na ustanovi {{institution}} ({{country}}) za program {{programme}} verifikovana pod brojem {{reference}}.\n\n' +
      'Diploma je autentična i izdala ju je ustanova ovlašćena za to u vreme diplomiranja ({{graduation_date}}).\n\n' +
      'Izdato {{issued_date}}. Proverite ovaj dokument na {{verify_url}} pomoću koda {{code}}.',
  },
  {
    kind: 'verification_document',
    language: 'en',
    title: 'Verification Document',
    body:
      'The National Academic Recognition Information Centre (NARIC) of the Republic of Kosovo confirms that the diploma of {{holder_name}}, issued by {{institution}} ({{country}}) for the programme {{programme}}, has been verified under reference {{reference}}.\n\n' +
      'The diploma is authentic and was issued by an institution authorised to do so at the time of graduation ({{graduation_date}}).\n\n' +
      'Issued on {{issued_date}}. Check this document at {{verify_url}} with the code {{code}}.',
  },
  {
    kind: 'recognition_certificate',
    language: 'sq',
    title: 'Certifikatë e njohjes',
    body:
      'NARIC i Republikës së Kosovës njeh certifikatën e {{holder_name}}, të lëshuar nga {{institution}} ({{country}}) për {{programme}}, si të barasvlershme me nivelin përkatës të arsimit parauniversitar në Republikën e Kosovës (referenca {{reference}}).\n\n' +
      'Vendimi i datës {{decision_date}}. Lëshuar më {{issued_date}}. Verifikoni këtë certifikatë në {{verify_url}} me kodin {{code}}.',
  },
  {
    kind: 'recognition_certificate',
    language: 'sr',
    title: 'Uverenje o priznavanju',
    body:
      'NARIC Republike Kosovo priznaje svedočanstvo koje je {{holder_name}} stekao/la na ustanovi {{institution}} ({{country}}) za {{programme}} kao ekvivalentno odgovarajućem nivou preduniverzitetskog obrazovanja u Republici Kosovo (broj {{reference}}).\n\n' +
      'Odluka od {{decision_date}}. Izdato {{issued_date}}. Proverite ovo uverenje na {{verify_url}} pomoću koda {{code}}.',
  },
  {
    kind: 'recognition_certificate',
    language: 'en',
    title: 'Recognition Certificate',
    body:
      'NARIC of the Republic of Kosovo recognises the certificate of {{holder_name}}, issued by {{institution}} ({{country}}) for {{programme}}, as equivalent to the corresponding level of pre-university education in the Republic of Kosovo (reference {{reference}}).\n\n' +
      'Decision of {{decision_date}}. Issued on {{issued_date}}. Check this certificate at {{verify_url}} with the code {{code}}.',
  },
  {
    kind: 'recognition_statement',
    language: 'sq',
    title: 'Deklaratë e njohjes',
    body:
      'NARIC i Republikës së Kosovës deklaron se kualifikimi i {{holder_name}}, {{programme}}, i lëshuar nga {{institution}} ({{country}}), njihet në Republikën e Kosovës: {{outcome}}.\n\n' +
      'Kualifikimi është krahasuar me kualifikimin kombëtar {{recognised_as}} (referenca {{reference}}). Arsyet, bazat ligjore dhe mënyra e ankesës janë në vendimin me shkrim.\n\n' +
      'Vendimi i datës {{decision_date}}. Lëshuar më {{issued_date}}. Verifikoni këtë deklaratë në {{verify_url}} me kodin {{code}}.',
  },
  {
    kind: 'recognition_statement',
    language: 'sr',
    title: 'Izjava o priznavanju',
    body:
      'NARIC Republike Kosovo izjavljuje da se kvalifikacija koju je {{holder_name}} stekao/la, {{programme}}, izdata od ustanove {{institution}} ({{country}}), priznaje u Republici Kosovo: {{outcome}}.\n\n' +
      'Kvalifikacija je upoređena sa nacionalnom kvalifikacijom {{recognised_as}} (broj {{reference}}). Razlozi, pravni osnov i pouka o pravnom leku navedeni su u pisanom rešenju.\n\n' +
      'Rešenje od {{decision_date}}. Izdato {{issued_date}}. Proverite ovu izjavu na {{verify_url}} pomoću koda {{code}}.',
  },
  {
    kind: 'recognition_statement',
    language: 'en',
    title: 'Recognition Statement',
    body:
      'NARIC of the Republic of Kosovo states that the qualification of {{holder_name}}, {{programme}}, issued by {{institution}} ({{country}}), is recognised in the Republic of Kosovo: {{outcome}}.\n\n' +
      'The qualification was compared with the national qualification {{recognised_as}} (reference {{reference}}). The reasons, the legal basis and how to appeal are set out in the written decision.\n\n' +
      'Decision of {{decision_date}}. Issued on {{issued_date}}. Check this statement at {{verify_url}} with the code {{code}}.',
  },
  {
    kind: 'verdict',
    language: 'sq',
    title: 'Vendimi përfundimtar i verifikimit',
    body: 'Aplikacioni {{reference}} — {{holder_name}}\nInstitucioni: {{institution}} ({{country}})\n\n{{verdict_text}}\n\nData: {{issued_date}}',
  },
  {
    kind: 'verdict',
    language: 'sr',
    title: 'Konačna odluka o verifikaciji',
    body: 'Zahtev {{reference}} — {{holder_name}}\nUstanova: {{institution}} ({{country}})\n\n{{verdict_text}}\n\nDatum: {{issued_date}}',
  },
  {
    kind: 'verdict',
    language: 'en',
    title: 'Final Verification Verdict',
    body: 'Application {{reference}} — {{holder_name}}\nInstitution: {{institution}} ({{country}})\n\n{{verdict_text}}\n\nDate: {{issued_date}}',
  },
];
