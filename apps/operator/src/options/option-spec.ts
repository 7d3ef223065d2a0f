/**
 * One command-line option. The same declaration feeds the argument parser (its type), the help
 * text (value, description, default, required) and the command's typed values, so an option is
 * written down once.
 */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** How help shows the value, e.g. `<addr>`; boolean flags take none. */
  readonly value?: string;
  readonly description: string;
  /** Filled in when the option is absent, before the command runs; help shows it. */
  readonly default?: string;
  /**
   * Help shows the option as required. The command's own validation enforces it, in the order
   * it checks its options, so its message stays where the operator expects it.
   */
  readonly required?: boolean;
}

/** A command's options by flag name (without the leading `--`). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type WithDefault = { readonly default: string };

/**
 * The parsed values of a command's options, typed from its declarations: an option with a
 * default is always there (the dispatcher fills it in), any other may be absent.
 */
export type OptionValues<O extends OptionSpecs> = {
  readonly [K in keyof O as O[K] extends WithDefault ? K : never]: string;
} & {
  readonly [K in keyof O as O[K] extends WithDefault ? never : K]?: O[K]['type'] extends 'boolean'
    ? boolean
    : string;
};

/** What the parser hands any command before its own types are known. */
export type ParsedValues = Readonly<Record<string, string | boolean | undefined>>;
