import type { Message } from '../format';
import type { Locale } from '../locales';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';

/** Every language's catalog; each has exactly English's keys (i18n/catalogs.test.ts). */
export const CATALOGS: Record<Locale, Record<keyof typeof en, Message>> = { en, de, fr, es, ja, ar };
