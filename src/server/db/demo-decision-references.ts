import type { Insertable, Transaction } from 'kysely';
import type { Database, LegalReasonsTable, NationalQualificationsTable } from './schema';

// The demo's library of legal reasons and national reference qualifications, as a recognition
// centre in Kosovo would keep them: the Lisbon Recognition Convention's articles on recognition,
// substantial differences and appeal, its subsidiary text on alternative and partial recognition,
// and the Kosovo laws the centre works under; the reference qualifications of Kosovo's NQF. The
// Kosovo acts are cited by name and subject, not by article number: an administrator adds the
// article as the office's lawyers quote it.

type DemoLegalReason = Insertable<LegalReasonsTable>;

const ALL_OUTCOMES: DemoLegalReason['outcomes'] = ['full', 'partial', 'alternative', 'conditional', 'non_recognition'];
const SHORT_OF_FULL: DemoLegalReason['outcomes'] = ['partial', 'alternative', 'conditional', 'non_recognition'];

const LEGAL_REASONS: readonly DemoLegalReason[] = [
  {
    article: 'Lisbon Recognition Convention, Art. III.3',
    text_en: 'Each application is assessed fairly, and the responsibility to demonstrate that an application does not fulfil the relevant requirements lies with the body undertaking the assessment.',
    text_sq: 'Çdo kërkesë vlerësohet në mënyrë të drejtë, dhe përgjegjësia për të treguar se kërkesa nuk i plotëson kushtet përkatëse bie mbi organin që bën vlerësimin.',
    text_sr: 'Svaki zahtev se ocenjuje pravično, a odgovornost da dokaže da zahtev ne ispunjava propisane uslove snosi telo koje vrši ocenu.',
    services: [1, 2],
    outcomes: SHORT_OF_FULL,
  },
  {
    article: 'Lisbon Recognition Convention, Art. III.5',
    text_en: 'Decisions are made within a reasonable time specified beforehand. If recognition is withheld, the reasons are stated, the applicant is told what may be done to obtain recognition at a later stage, and may appeal within a reasonable time limit.',
    text_sq: 'Vendimet merren brenda një afati të arsyeshëm të caktuar paraprakisht. Nëse njohja refuzohet, jepen arsyet, kërkuesi informohet se çfarë mund të bëjë për ta fituar njohjen më vonë dhe ka të drejtë ankese brenda një afati të arsyeshëm.',
    text_sr: 'Odluke se donose u razumnom roku koji je unapred određen. Ako se priznavanje uskrati, navode se razlozi, podnosilac se obaveštava šta može da preduzme da bi kasnije stekao priznavanje i ima pravo žalbe u razumnom roku.',
    services: [1, 2],
    outcomes: SHORT_OF_FULL,
  },
  {
    article: 'Lisbon Recognition Convention, Art. IV.1',
    text_en: 'Qualifications that meet the general requirements for access to higher education in the country where they were issued are recognised for access to higher education programmes, unless a substantial difference can be shown.',
    text_sq: 'Kualifikimet që plotësojnë kushtet e përgjithshme për qasje në arsimin e lartë në shtetin ku janë lëshuar njihen për qasje në programet e arsimit të lartë, përveç nëse mund të tregohet një dallim thelbësor.',
    text_sr: 'Kvalifikacije koje ispunjavaju opšte uslove za pristup visokom obrazovanju u državi u kojoj su izdate priznaju se za pristup studijskim programima visokog obrazovanja, osim ako se može dokazati bitna razlika.',
    services: [2],
    outcomes: ['full', 'partial', 'conditional', 'non_recognition'],
  },
  {
    article: 'Lisbon Recognition Convention, Art. IV.5',
    text_en: 'Where a school leaving certificate gives access to higher education in its own country only together with additional qualifying examinations, access may be made conditional on those examinations or on an alternative way of meeting them here.',
    text_sq: 'Kur një dëftesë e përfundimit të shkollës jep qasje në arsimin e lartë në vendin e vet vetëm së bashku me provime shtesë kualifikuese, qasja mund të kushtëzohet me ato provime ose me një mënyrë alternative për t’i plotësuar ato këtu.',
    text_sr: 'Kada svedočanstvo o završenoj školi u svojoj zemlji daje pristup visokom obrazovanju samo uz dodatne kvalifikacione ispite, pristup se može usloviti tim ispitima ili alternativnim načinom da se oni ispune ovde.',
    services: [2],
    outcomes: ['conditional', 'alternative'],
  },
  {
    article: 'Lisbon Recognition Convention, Art. V.1',
    text_en: 'Periods of study completed within a higher education programme abroad are recognised towards the completion of a higher education programme here, unless substantial differences can be shown.',
    text_sq: 'Periudhat e studimit të përfunduara në kuadër të një programi të arsimit të lartë jashtë vendit njihen për përfundimin e një programi të arsimit të lartë këtu, përveç nëse mund të tregohen dallime thelbësore.',
    text_sr: 'Periodi studija završeni u okviru studijskog programa visokog obrazovanja u inostranstvu priznaju se za završetak studijskog programa ovde, osim ako se mogu dokazati bitne razlike.',
    services: [1],
    outcomes: ['partial'],
  },
  {
    article: 'Lisbon Recognition Convention, Art. VI.1',
    text_en: 'A higher education qualification conferred in another Party is recognised unless a substantial difference can be shown between it and the corresponding national qualification.',
    text_sq: 'Një kualifikim i arsimit të lartë i dhënë në një Palë tjetër njihet, përveç nëse mund të tregohet një dallim thelbësor ndërmjet tij dhe kualifikimit përkatës kombëtar.',
    text_sr: 'Kvalifikacija visokog obrazovanja stečena u drugoj Strani priznaje se, osim ako se može dokazati bitna razlika između nje i odgovarajuće nacionalne kvalifikacije.',
    services: [1],
    outcomes: ALL_OUTCOMES,
  },
  {
    article: 'Lisbon Recognition Convention, Art. VI.3',
    text_en: 'Recognition gives access to further higher education studies, including preparation for the doctorate, on the same conditions as holders of national qualifications, and/or the right to use the academic title under the laws of Kosovo.',
    text_sq: 'Njohja jep qasje në studime të mëtejshme të arsimit të lartë, përfshirë përgatitjen për doktoratë, me të njëjtat kushte si për bartësit e kualifikimeve kombëtare, dhe/ose të drejtën e përdorimit të titullit akademik sipas ligjeve të Kosovës.',
    text_sr: 'Priznavanje daje pristup daljim studijama visokog obrazovanja, uključujući pripremu za doktorat, pod istim uslovima kao za nosioce nacionalnih kvalifikacija, i/ili pravo korišćenja akademskog zvanja prema zakonima Kosova.',
    services: [1],
    outcomes: ['full', 'partial'],
  },
  {
    article: 'Revised Recommendation on Criteria and Procedures for the Assessment of Foreign Qualifications (2010)',
    text_en: 'Where full recognition cannot be granted because of a substantial difference, the centre considers partial recognition, recognition at another level or as another qualification, or recognition after compensation measures, rather than refusing.',
    text_sq: 'Kur njohja e plotë nuk mund të jepet për shkak të një dallimi thelbësor, qendra shqyrton njohjen e pjesshme, njohjen në një nivel tjetër ose si kualifikim tjetër, ose njohjen pas masave kompensuese, në vend të refuzimit.',
    text_sr: 'Kada se potpuno priznavanje ne može dati zbog bitne razlike, centar razmatra delimično priznavanje, priznavanje na drugom nivou ili kao druge kvalifikacije, ili priznavanje posle kompenzacionih mera, umesto odbijanja.',
    services: [1, 2],
    outcomes: ['partial', 'alternative', 'conditional'],
  },
  {
    article: 'Law No. 04/L-037 on Higher Education, recognition of qualifications obtained abroad',
    text_en: 'Diplomas, degrees and qualifications of higher education obtained outside the Republic of Kosovo are recognised by the Kosovo ENIC-NARIC centre within the Ministry responsible for education, in accordance with this law and the Lisbon Recognition Convention.',
    text_sq: 'Diplomat, gradat dhe kualifikimet e arsimit të lartë të fituara jashtë Republikës së Kosovës njihen nga qendra ENIC-NARIC e Kosovës pranë Ministrisë përgjegjëse për arsim, në përputhje me këtë ligj dhe me Konventën e Lisabonës për njohjen e kualifikimeve.',
    text_sr: 'Diplome, stepene i kvalifikacije visokog obrazovanja stečene van Republike Kosova priznaje ENIC-NARIC centar Kosova pri Ministarstvu nadležnom za obrazovanje, u skladu sa ovim zakonom i Lisabonskom konvencijom o priznavanju kvalifikacija.',
    services: [1],
    outcomes: ALL_OUTCOMES,
  },
  {
    article: 'Administrative Instruction (MEST) No. 12/2018 on recognition of higher education qualifications obtained abroad',
    text_en: 'The principles and procedure for recognising diplomas, degrees and qualifications of higher professional and university schools obtained outside the Republic of Kosovo: the documents required, the comparison with the National Qualifications Framework and the decision.',
    text_sq: 'Parimet dhe procedura për njohjen e diplomave, gradave dhe kualifikimeve të shkollave të larta profesionale dhe universitare të fituara jashtë Republikës së Kosovës: dokumentet e kërkuara, krahasimi me Kornizën Kombëtare të Kualifikimeve dhe vendimi.',
    text_sr: 'Načela i postupak priznavanja diploma, stepena i kvalifikacija viših strukovnih i univerzitetskih škola stečenih van Republike Kosova: potrebna dokumenta, poređenje sa Nacionalnim okvirom kvalifikacija i odluka.',
    services: [1],
    outcomes: ALL_OUTCOMES,
  },
  {
    article: 'Law No. 04/L-032 on Pre-University Education, recognition of certificates obtained abroad',
    text_en: 'Certificates of primary and secondary education obtained abroad are recognised as equivalent to the corresponding certificates of the education system of Kosovo, after comparison of their level, duration and content.',
    text_sq: 'Dëftesat e arsimit fillor dhe të mesëm të fituara jashtë vendit njihen si të barasvlershme me dëftesat përkatëse të sistemit arsimor të Kosovës, pas krahasimit të nivelit, kohëzgjatjes dhe përmbajtjes së tyre.',
    text_sr: 'Svedočanstva o osnovnom i srednjem obrazovanju stečena u inostranstvu priznaju se kao jednaka odgovarajućim svedočanstvima obrazovnog sistema Kosova, nakon poređenja njihovog nivoa, trajanja i sadržaja.',
    services: [2],
    outcomes: ALL_OUTCOMES,
  },
  {
    article: 'Law No. 03/L-060 on National Qualifications',
    text_en: 'The level of a qualification is established against the National Qualifications Framework of Kosovo, whose eight levels correspond to the levels of the European Qualifications Framework.',
    text_sq: 'Niveli i një kualifikimi përcaktohet në raport me Kornizën Kombëtare të Kualifikimeve të Kosovës, tetë nivelet e së cilës u përgjigjen niveleve të Kornizës Evropiane të Kualifikimeve.',
    text_sr: 'Nivo kvalifikacije utvrđuje se u odnosu na Nacionalni okvir kvalifikacija Kosova, čijih osam nivoa odgovara nivoima Evropskog okvira kvalifikacija.',
    services: [1, 2],
    outcomes: ['full', 'partial', 'alternative'],
  },
  {
    article: 'Law No. 05/L-031 on General Administrative Procedure, administrative appeal',
    text_en: 'The applicant may appeal against the decision to the body named in it within the period the decision states; the appeal is decided by a body other than the one that made the decision.',
    text_sq: 'Kërkuesi mund të paraqesë ankesë kundër vendimit te organi i përmendur në të, brenda afatit që përcakton vendimi; ankesa shqyrtohet nga një organ tjetër nga ai që e ka marrë vendimin.',
    text_sr: 'Podnosilac može izjaviti žalbu protiv odluke organu koji je u njoj naveden, u roku koji odluka određuje; o žalbi odlučuje organ različit od onog koji je doneo odluku.',
    services: [1, 2],
    outcomes: ALL_OUTCOMES,
  },
];

type DemoQualification = Insertable<NationalQualificationsTable>;

const NATIONAL_QUALIFICATIONS: readonly DemoQualification[] = [
  {
    name_en: 'State Matura diploma (general upper secondary education)',
    name_sq: 'Diploma e Maturës Shtetërore (arsimi i mesëm i lartë i përgjithshëm)',
    name_sr: 'Diploma državne mature (opšte više srednje obrazovanje)',
    degree_level: 'high_school', eqf_level: 4, nqf_level: 4, ects_credits: null, duration_years: 3, profile: 'academic',
  },
  {
    name_en: 'Upper secondary vocational diploma',
    name_sq: 'Diploma e arsimit të mesëm të lartë profesional',
    name_sr: 'Diploma srednjeg stručnog obrazovanja',
    degree_level: 'high_school', eqf_level: 4, nqf_level: 4, ects_credits: null, duration_years: 3, profile: 'professional',
  },
  {
    name_en: 'Higher professional diploma (short cycle, 120 ECTS)',
    name_sq: 'Diploma e shkollës së lartë profesionale (cikli i shkurtër, 120 ECTS)',
    name_sr: 'Diploma više strukovne škole (kratki ciklus, 120 ECTS)',
    degree_level: 'professional', eqf_level: 5, nqf_level: 5, ects_credits: 120, duration_years: 2, profile: 'professional',
  },
  {
    name_en: 'Bachelor (180 ECTS)',
    name_sq: 'Bachelor (180 ECTS)',
    name_sr: 'Osnovne akademske studije – bachelor (180 ECTS)',
    degree_level: 'bachelor', eqf_level: 6, nqf_level: 6, ects_credits: 180, duration_years: 3, profile: 'academic',
  },
  {
    name_en: 'Bachelor (240 ECTS)',
    name_sq: 'Bachelor (240 ECTS)',
    name_sr: 'Osnovne akademske studije – bachelor (240 ECTS)',
    degree_level: 'bachelor', eqf_level: 6, nqf_level: 6, ects_credits: 240, duration_years: 4, profile: 'academic',
  },
  {
    name_en: 'Professional bachelor (180 ECTS)',
    name_sq: 'Bachelor profesional (180 ECTS)',
    name_sr: 'Strukovni bachelor (180 ECTS)',
    degree_level: 'bachelor', eqf_level: 6, nqf_level: 6, ects_credits: 180, duration_years: 3, profile: 'professional',
  },
  {
    name_en: 'Master (60 ECTS, after a 240 ECTS bachelor)',
    name_sq: 'Master (60 ECTS, pas një bachelori me 240 ECTS)',
    name_sr: 'Master (60 ECTS, posle bachelora od 240 ECTS)',
    degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 60, duration_years: 1, profile: 'academic',
  },
  {
    name_en: 'Master (120 ECTS)',
    name_sq: 'Master (120 ECTS)',
    name_sr: 'Master (120 ECTS)',
    degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 120, duration_years: 2, profile: 'academic',
  },
  {
    name_en: 'Integrated master in medicine – Doctor of Medicine (360 ECTS)',
    name_sq: 'Master i integruar në mjekësi – Doktor i Mjekësisë (360 ECTS)',
    name_sr: 'Integrisane master studije medicine – doktor medicine (360 ECTS)',
    degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 360, duration_years: 6, profile: 'academic',
  },
  {
    name_en: 'Integrated master in dental medicine (300 ECTS)',
    name_sq: 'Master i integruar në stomatologji (300 ECTS)',
    name_sr: 'Integrisane master studije stomatologije (300 ECTS)',
    degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 300, duration_years: 5, profile: 'academic',
  },
  {
    name_en: 'Doctor of Science (PhD, 180 ECTS)',
    name_sq: 'Doktor i Shkencave (PhD, 180 ECTS)',
    name_sr: 'Doktor nauka (PhD, 180 ECTS)',
    degree_level: 'phd', eqf_level: 8, nqf_level: 8, ects_credits: 180, duration_years: 3, profile: 'academic',
  },
];

/** Inserts the demo library once (nothing when either table holds a row); answers how many rows it wrote. */
export async function seedDemoDecisionReferences(trx: Transaction<Database>): Promise<number> {
  const existing =
    (await trx.selectFrom('legal_reasons').select('id').limit(1).executeTakeFirst()) ??
    (await trx.selectFrom('national_qualifications').select('id').limit(1).executeTakeFirst());
  if (existing) return 0;
  await trx.insertInto('legal_reasons').values([...LEGAL_REASONS]).execute();
  await trx.insertInto('national_qualifications').values([...NATIONAL_QUALIFICATIONS]).execute();
  return LEGAL_REASONS.length + NATIONAL_QUALIFICATIONS.length;
}

export const DEMO_LEGAL_REASON_COUNT = LEGAL_REASONS.length;
export const DEMO_NATIONAL_QUALIFICATION_COUNT = NATIONAL_QUALIFICATIONS.length;
