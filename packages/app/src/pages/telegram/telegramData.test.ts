import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.js';
import { initI18n } from '../../i18n/index.js';
import { telegramFailureText } from './telegramData.js';

describe('telegramFailureText', () => {
  it('tells this device being offline apart from the server not reaching Telegram, in en and km', async () => {
    const i18n = await initI18n('en', ['common', 'telegram']);
    await i18n.loadLanguages('km');
    const offline = new ApiError(0, 'NETWORK', 'Network response was not ok');
    const upstream = new ApiError(502, 'TELEGRAM_UNREACHABLE', 'Telegram unreachable');

    const words = {
      en: {
        offline:
          'This device could not reach the Sala server, so nothing was sent to Telegram. Check its internet connection (Wi-Fi or mobile data) and try again.',
        upstream:
          'The Sala server could not reach Telegram. Your device is connected: the server’s internet connection or Telegram itself is down. Try again later; if it lasts, tell whoever runs the server.',
      },
      km: {
        offline:
          'ឧបករណ៍នេះមិនអាចភ្ជាប់ទៅម៉ាស៊ីនមេ Sala បានទេ ដូច្នេះគ្មានអ្វីត្រូវបានផ្ញើទៅ Telegram ឡើយ។ សូមពិនិត្យការតភ្ជាប់អ៊ីនធឺណិតរបស់វា (Wi-Fi ឬទិន្នន័យទូរស័ព្ទ) ហើយព្យាយាមម្ដងទៀត។',
        upstream:
          'ម៉ាស៊ីនមេ Sala មិនអាចភ្ជាប់ទៅ Telegram បានទេ។ ឧបករណ៍របស់អ្នកមានការតភ្ជាប់ធម្មតា៖ ការតភ្ជាប់អ៊ីនធឺណិតរបស់ម៉ាស៊ីនមេ ឬ Telegram ខ្លួនឯងកំពុងមានបញ្ហា។ សូមព្យាយាមម្ដងទៀតពេលក្រោយ។ បើនៅតែដដែល សូមប្រាប់អ្នកគ្រប់គ្រងម៉ាស៊ីនមេ។',
      },
    };
    for (const lang of ['en', 'km'] as const) {
      const t = i18n.getFixedT(lang, 'telegram');
      expect(telegramFailureText(offline, lang, t)).toBe(words[lang].offline);
      expect(telegramFailureText(upstream, lang, t)).toBe(words[lang].upstream);
    }
    // Any other failure keeps its own words.
    expect(
      telegramFailureText(
        new ApiError(400, 'TELEGRAM_TOKEN_REJECTED', ''),
        'en',
        i18n.getFixedT('en'),
      ),
    ).toBe('Telegram did not accept this token. Copy it again from BotFather, whole.');
  });
});
