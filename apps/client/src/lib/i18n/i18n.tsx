import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey, type Messages } from './en';
import { LANGUAGE_STORAGE_KEY } from './storage-key';

export { LANGUAGE_STORAGE_KEY };

/** Languages the UI ships in. */
export type Language = 'en' | 'it';

/**
 * Loads a catalogue. English is bundled; Italian is a separate chunk fetched on demand, so
 * English visitors do not download it.
 */
export async function loadCatalogue(language: Language): Promise<Messages> {
  if (language === 'en') return en;
  const module = await import('./it');
  return module.it;
}

/** Replaces `{name}` placeholders; unknown placeholders are left visible so they get noticed. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** Reads the remembered language; anything unknown (or no storage) means English. */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) === 'it' ? 'it' : 'en';
  } catch {
    return 'en';
  }
}

/** Translation function: a message key plus optional placeholder values. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export interface I18nProviderProps {
  children: ReactNode;
  /** Language and catalogue to start with (main.tsx preloads the remembered one). */
  initial?: { language: Language; messages: Messages };
}

/** Provides the current language, remembered in localStorage, and `t()`. */
export function I18nProvider({ children, initial }: I18nProviderProps) {
  const [current, setCurrent] = useState(initial ?? { language: 'en' as Language, messages: en });

  const setLanguage = useCallback((next: Language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private mode or disabled storage: the choice still applies to this visit.
    }
    loadCatalogue(next).then(
      (messages) => setCurrent({ language: next, messages }),
      (error: unknown) => console.warn(`could not load the ${next} catalogue`, error),
    );
  }, []);

  const value = useMemo<I18nValue>(() => {
    const { language, messages } = current;
    return {
      language,
      setLanguage,
      t: (key, values) => (values ? interpolate(messages[key], values) : messages[key]),
    };
  }, [current, setLanguage]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language, its setter and the translation function. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
