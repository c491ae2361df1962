import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineSetting } from '../packages/server/src/config/settings.js';
import { currentSettingsDoc, renderSettingsDoc, SETTINGS_DOC_PATH } from './settings-doc.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('docs/settings.md', () => {
  it('is what the settings the modules define render to (run `npm run docs:settings` when this fails)', () => {
    const committed = readFileSync(join(root, SETTINGS_DOC_PATH), 'utf8');
    expect(committed, `${SETTINGS_DOC_PATH} is out of date`).toBe(currentSettingsDoc());
  });

  it('lists each setting with its type, default, bounds and description, and each limit with its setting', () => {
    const text = renderSettingsDoc(
      [
        {
          name: 'otp',
          title: 'Second factor (TOTP)',
          settings: {
            'otp.lock_minutes': defineSetting(
              Type.Integer({ minimum: 1, maximum: 1440 }),
              15,
              'How long a locked factor stays locked.',
            ),
            'otp.digits': defineSetting(Type.Union([Type.Literal(6), Type.Literal(8)]), 6, 'Code length.'),
            'rate_limits.otp_per_minute': defineSetting(
              Type.Integer({ minimum: 1, maximum: 100_000 }),
              10,
              'Code checks per minute | per account.',
            ),
          },
        },
      ],
      { 'otp-account': { setting: 'rate_limits.otp_per_minute', windowSeconds: 60 } },
    );
    expect(text).toContain(
      '| `otp.lock_minutes` | integer | `15` (15 min) | 1 (1 min) to 1,440 (1 d) | How long a locked factor stays locked. |',
    );
    expect(text).toContain('| `otp.digits` | one of | `6` | `6`, `8` | Code length. |');
    expect(text).toContain('| Code checks per minute \\| per account. |');
    expect(text).toContain('| `otp-account` | account | 1 min | `rate_limits.otp_per_minute`, `10` |');
    expect(text).toContain('3 settings, by the module that owns them');
  });

  it('refuses a setting whose schema it cannot describe, rather than leave its bounds out', () => {
    const unbounded = {
      name: 'otp',
      title: 'Second factor (TOTP)',
      settings: { 'otp.window_steps': defineSetting(Type.Integer(), 1, 'Drift.') },
    };
    expect(() => renderSettingsDoc([unbounded], {})).toThrow(/otp.window_steps/);
  });
});
