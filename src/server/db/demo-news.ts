import type { Transaction } from 'kysely';
import type { NewsLanguage, NewsStatus } from '../../shared/api/news';
import { markupToHtml } from '../modules/news/news-markup';
import type { Database } from './schema';

// Demo news: five published articles, one scheduled for next week, one draft and one
// archived, each in English, Albanian and Serbian, written by the demo content manager, so the
// news screens and the public list have something true to show. Seeded once.

type Texts = Record<NewsLanguage, { title: string; summary: string; body: string }>;
interface DemoArticle {
  status: NewsStatus;
  /** Days from now of the publication (negative: in the past). */
  days: number | null;
  tags: string[];
  texts: Texts;
}

const ARTICLES: DemoArticle[] = [
  {
    status: 'published',
    days: -40,
    tags: ['recognition', 'online'],
    texts: {
      en: { title: 'Applications for recognition now online', summary: 'Diplomas obtained abroad can now be submitted for recognition online.', body: 'From today, holders of foreign diplomas can **apply online** for recognition.\n\n## What you need\n- a scan of the diploma\n- a scan of the transcript\n- proof of identity\n\nRead more on [the ENIC-NARIC network](https://www.enic-naric.net).' },
      sq: { title: 'Aplikimet për njohje tani online', summary: 'Diplomat e fituara jashtë vendit tani mund të dorëzohen për njohje online.', body: 'Nga sot, bartësit e diplomave të huaja mund të **aplikojnë online** për njohje.\n\n## Çfarë ju nevojitet\n- skanimi i diplomës\n- skanimi i transkriptit\n- dëshmia e identitetit\n\nLexoni më shumë në [rrjetin ENIC-NARIC](https://www.enic-naric.net).' },
      sr: { title: 'Zahtevi za priznavanje sada onlajn', summary: 'Diplome stečene u inostranstvu sada se mogu podneti za priznavanje onlajn.', body: 'Od danas nosioci stranih diploma mogu **podneti zahtev onlajn** za priznavanje.\n\n## Šta vam je potrebno\n- sken diplome\n- sken prepisa ocena\n- dokaz o identitetu\n\nViše pročitajte na [mreži ENIC-NARIC](https://www.enic-naric.net).' },
    },
  },
  {
    status: 'published',
    days: -25,
    tags: ['fees'],
    texts: {
      en: { title: 'New fees from March', summary: 'The fees for recognition and verification change on 1 March.', body: 'The fees for the five services change on 1 March.\n\nApplications submitted before that date keep the *old* fee.' },
      sq: { title: 'Tarifat e reja nga marsi', summary: 'Tarifat për njohje dhe verifikim ndryshojnë më 1 mars.', body: 'Tarifat për pesë shërbimet ndryshojnë më 1 mars.\n\nAplikimet e dorëzuara para kësaj date ruajnë tarifën *e vjetër*.' },
      sr: { title: 'Nove takse od marta', summary: 'Takse za priznavanje i verifikaciju menjaju se 1. marta.', body: 'Takse za pet usluga menjaju se 1. marta.\n\nZahtevi podneti pre tog datuma zadržavaju *staru* taksu.' },
    },
  },
  {
    status: 'published',
    days: -14,
    tags: ['councils'],
    texts: {
      en: { title: 'Expert councils for 2026 appointed', summary: 'Five expert councils will review recognition applications this year.', body: 'The Ministry appointed the five expert councils for 2026.\n\n> Each council reviews the applications of its field within the legal deadlines.' },
      sq: { title: 'Emërohen këshillat e ekspertëve për 2026', summary: 'Pesë këshilla ekspertësh do të shqyrtojnë aplikimet për njohje këtë vit.', body: 'Ministria emëroi pesë këshillat e ekspertëve për vitin 2026.\n\n> Çdo këshill shqyrton aplikimet e fushës së vet brenda afateve ligjore.' },
      sr: { title: 'Imenovani stručni saveti za 2026.', summary: 'Pet stručnih saveta razmatraće zahteve za priznavanje ove godine.', body: 'Ministarstvo je imenovalo pet stručnih saveta za 2026. godinu.\n\n> Svaki savet razmatra zahteve iz svoje oblasti u zakonskim rokovima.' },
    },
  },
  {
    status: 'published',
    days: -7,
    tags: ['verification'],
    texts: {
      en: { title: 'Verify a certificate with its code', summary: 'Employers can check a recognition certificate with the code printed on it.', body: 'Every certificate carries a **verification code**.\n\n1. Open the verification page\n2. Type the code\n3. Compare the details' },
      sq: { title: 'Verifikoni një certifikatë me kodin e saj', summary: 'Punëdhënësit mund ta kontrollojnë certifikatën e njohjes me kodin e shtypur në të.', body: 'Çdo certifikatë mban një **kod verifikimi**.\n\n1. Hapni faqen e verifikimit\n2. Shkruani kodin\n3. Krahasoni të dhënat' },
      sr: { title: 'Proverite sertifikat pomoću koda', summary: 'Poslodavci mogu proveriti sertifikat o priznavanju pomoću koda odštampanog na njemu.', body: 'Svaki sertifikat nosi **kod za verifikaciju**.\n\n1. Otvorite stranicu za verifikaciju\n2. Unesite kod\n3. Uporedite podatke' },
    },
  },
  {
    status: 'published',
    days: -2,
    tags: ['office', 'holidays'],
    texts: {
      en: { title: 'Office hours during the holidays', summary: 'The office is closed on public holidays; online applications stay open.', body: 'The office is closed on public holidays.\n\nOnline applications can be submitted at any time.' },
      sq: { title: 'Orari i zyrës gjatë festave', summary: 'Zyra është e mbyllur në festat zyrtare; aplikimet online mbeten të hapura.', body: 'Zyra është e mbyllur në festat zyrtare.\n\nAplikimet online mund të dorëzohen në çdo kohë.' },
      sr: { title: 'Radno vreme tokom praznika', summary: 'Kancelarija ne radi tokom državnih praznika; onlajn zahtevi ostaju otvoreni.', body: 'Kancelarija ne radi tokom državnih praznika.\n\nOnlajn zahtevi se mogu podneti u bilo koje vreme.' },
    },
  },
  {
    status: 'scheduled',
    days: 7,
    tags: ['events'],
    texts: {
      en: { title: 'Information day for universities', summary: 'An information day on recognition for university staff.', body: 'We invite university staff to an **information day** on recognition procedures.' },
      sq: { title: 'Ditë informuese për universitetet', summary: 'Ditë informuese për njohjen, për stafin e universiteteve.', body: 'Ftojmë stafin e universiteteve në një **ditë informuese** për procedurat e njohjes.' },
      sr: { title: 'Informativni dan za univerzitete', summary: 'Informativni dan o priznavanju za osoblje univerziteta.', body: 'Pozivamo osoblje univerziteta na **informativni dan** o postupcima priznavanja.' },
    },
  },
  {
    status: 'draft',
    days: null,
    tags: ['recognition'],
    texts: {
      en: { title: 'Guide to recognition of doctoral degrees', summary: 'A draft guide for holders of foreign doctorates.', body: 'This guide explains how doctoral degrees are recognised.' },
      sq: { title: 'Udhëzues për njohjen e gradave të doktoratës', summary: 'Draft-udhëzues për bartësit e doktoratave të huaja.', body: 'Ky udhëzues shpjegon si njihen gradat e doktoratës.' },
      sr: { title: 'Vodič za priznavanje doktorskih diploma', summary: 'Nacrt vodiča za nosioce stranih doktorata.', body: 'Ovaj vodič objašnjava kako se priznaju doktorske diplome.' },
    },
  },
  {
    status: 'archived',
    days: -200,
    tags: ['office'],
    texts: {
      en: { title: 'The office moves to a new address', summary: 'The office moved to the Ministry building.', body: 'From 1 June the office receives applicants in the Ministry building.' },
      sq: { title: 'Zyra zhvendoset në një adresë të re', summary: 'Zyra u zhvendos në ndërtesën e Ministrisë.', body: 'Nga 1 qershori zyra pret aplikuesit në ndërtesën e Ministrisë.' },
      sr: { title: 'Kancelarija se seli na novu adresu', summary: 'Kancelarija se preselila u zgradu Ministarstva.', body: 'Od 1. juna kancelarija prima podnosioce u zgradi Ministarstva.' },
    },
  },
];

const DAY_MS = 86_400_000;

export async function seedDemoNews(trx: Transaction<Database>, now = new Date()): Promise<number> {
  const existing = await trx.selectFrom('news_articles').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const author = await trx.selectFrom('users').select('id').where('username', '=', 'content').executeTakeFirst();
  const authorId = author?.id ?? null;
  for (const article of ARTICLES) {
    const publishAt = article.days === null ? null : new Date(now.getTime() + article.days * DAY_MS);
    const written = new Date(Math.min(now.getTime(), (publishAt ?? now).getTime()) - DAY_MS);
    const { id } = await trx
      .insertInto('news_articles')
      .values({ status: article.status, publish_at: publishAt, tags: JSON.stringify(article.tags), created_by_id: authorId, updated_by_id: authorId, created_at: written, updated_at: written })
      .returning('id')
      .executeTakeFirstOrThrow();
    const translations = Object.fromEntries(
      (Object.keys(article.texts) as NewsLanguage[]).map((language) => [language, { ...article.texts[language], body_html: markupToHtml(article.texts[language].body) }]),
    );
    await trx
      .insertInto('news_translations')
      .values(Object.entries(translations).map(([language, text]) => ({ article_id: id, language: language as NewsLanguage, ...text })))
      .execute();
    const snapshot = JSON.stringify({ translations, tags: article.tags, publish_at: publishAt?.toISOString() ?? null, cover: null });
    await trx
      .insertInto('news_article_versions')
      .values({ article_id: id, version: 1, status: article.status, change: article.status === 'draft' ? 'created' : article.status, snapshot, created_by_id: authorId, created_at: written })
      .execute();
  }
  return ARTICLES.length;
}
