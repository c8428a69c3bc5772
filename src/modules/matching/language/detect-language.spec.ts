import fc from 'fast-check';
import { isLanguageCode } from '../query/language-codes.js';
import { languageDetector, loadLanguageDetector, type DetectLanguage } from './detect-language.js';

describe('detectLanguage (eld, large model)', () => {
  let detectLanguage: DetectLanguage;

  beforeAll(async () => {
    detectLanguage = await loadLanguageDetector();
  });

  it.each([
    ['en', 'Has anyone tried the new Framework laptop? Thinking about replacing my old MacBook'],
    ['en', 'lmao the ref just walked off the pitch, never seen anything like it'],
    ['de', 'Hat jemand Erfahrung mit dem Deutschlandticket im Nahverkehr? Lohnt sich das?'],
    ['de', 'Ich hab gestern meine erste Pizza im Ofen gebacken und die war mega lecker'],
    [
      'fr',
      "Quelqu'un a déjà commandé chez Decathlon en ligne ? La livraison prend combien de temps ?",
    ],
    ['fr', "Perso j'ai arrêté Twitter depuis un an et je me sens beaucoup mieux"],
    ['es', '¿Alguien sabe si el Mercadona abre el domingo? Necesito comprar pan'],
    ['es', 'Yo llevo años usando Linux y la verdad no vuelvo a Windows ni loco'],
    ['pt', 'Alguém sabe se o iFood cobra taxa extra de madrugada? Achei caro demais'],
    ['it', 'Qualcuno sa se il Frecciarossa per Milano è in ritardo anche oggi?'],
    ['nl', 'Weet iemand of de Albert Heijn op zondag open is? Ik moet nog boodschappen doen'],
    ['sv', 'Någon som vet om Systembolaget har öppet på lördag? Behöver köpa vin till middagen'],
    ['pl', 'Czy ktoś wie, czy Biedronka jest otwarta w niedzielę? Muszę zrobić zakupy'],
    ['ru', 'Кто-нибудь пробовал новый айфон? Стоит ли он своих денег или лучше подождать?'],
    ['uk', 'Хтось знає, чи працює Нова пошта у неділю? Треба забрати посилку'],
    ['tr', 'Yeni iPhone alan var mı? Parasına değer mi yoksa beklemek mi lazım?'],
    ['ja', '新しいiPhoneを買った人いますか？値段に見合う価値はありますか？'],
    ['zh', '有人买了新的iPhone吗？值不值这个价钱？还是再等等比较好？'],
    ['ko', '새 아이폰 사신 분 있나요? 가격만큼 가치가 있는지 궁금해요'],
  ])('tells %s from a Reddit-style text', (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('answers from the prose when links, code and markdown surround it', () => {
    const comment =
      'Genau das Problem hatte ich auch, die Lösung steht hier: ' +
      '[GitHub issue](https://github.com/nodejs/node/issues/12345)\n\n' +
      '```\nnpm install --save-dev typescript eslint prettier\nexport default defineConfig({ plugins: [react()] })\n```\n\n' +
      'Danach lief bei mir alles wieder 👍 Frag sonst mal in r/de_EDV';
    expect(detectLanguage(comment)).toBe('de');
  });

  it.each([
    ['a single word', 'lol'],
    ['a single name', 'AutoModerator'],
    ['only a link and emoji', 'https://youtu.be/dQw4w9WgXcQ 😂😂🔥'],
    ['only numbers and symbols', '+1 100% $$$ 10/10'],
    ['nothing', ''],
  ])('is unsure (null) for %s', (_, text) => {
    expect(detectLanguage(text)).toBeNull();
  });

  it('is unsure when the model cannot tell two words apart', () => {
    expect(detectLanguage('lol same')).toBeNull();
  });

  it('answers any text, however malformed, with an ISO 639-1 code or null', () => {
    const markup = fc.constantFrom(
      '```',
      '`',
      '[',
      '](',
      ')',
      'http://',
      'r/',
      '&amp;',
      '\n    ',
      '*',
    );
    const piece = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), markup);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const language = detectLanguage(pieces.join(' '));
        expect(language === null || isLanguageCode(language)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('languageDetector', () => {
  const answering = (language: string, reliable: boolean) => ({
    detect: () => ({ language, isReliable: () => reliable }),
  });

  it('is unsure when the model says its answer is unreliable', () => {
    expect(languageDetector(answering('en', false))('some words here')).toBeNull();
  });

  it('is unsure when the model answers something that is not an ISO 639-1 code', () => {
    expect(languageDetector(answering('', true))('some words here')).toBeNull();
    expect(languageDetector(answering('tlh', true))('some words here')).toBeNull();
  });
});

describe('loadLanguageDetector', () => {
  beforeEach(() => jest.resetModules());

  it('loads the model only when first asked, and once', async () => {
    let loads = 0;
    jest.doMock('eld/large', () => {
      loads++;
      return { eld: { detect: () => ({ language: 'de', isReliable: () => true }) } };
    });
    const module = await import('./detect-language.js');
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([
      module.loadLanguageDetector(),
      module.loadLanguageDetector(),
    ]);
    expect(await module.loadLanguageDetector()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
    expect(first('ein paar Worte')).toBe('de');
  });

  it('tries again on the next call after a failed load', async () => {
    let attempts = 0;
    jest.doMock('eld/large', () => {
      if (++attempts === 1) throw new Error('model file unreadable');
      return { eld: { detect: () => ({ language: 'fr', isReliable: () => true }) } };
    });
    const module = await import('./detect-language.js');
    await expect(module.loadLanguageDetector()).rejects.toThrow('model file unreadable');
    const detect = await module.loadLanguageDetector();
    expect(detect('quelques mots')).toBe('fr');
  });
});
