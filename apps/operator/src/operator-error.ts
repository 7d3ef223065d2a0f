/** Exit codes of the CLI: 2 for a bad invocation, 1 for a failure while doing the work. */
export const EXIT_CODE = { ok: 0, failure: 1, usage: 2 } as const;

/** An operator failure with a message meant for the person at the terminal. */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';

  constructor(
    message: string,
    readonly exitCode: number = EXIT_CODE.failure,
    readonly logs: readonly string[] = [],
  ) {
    super(message);
  }
}

/** A bad argument or option (exit code 2). */
export function usageError(message: string): OperatorError {
  return new OperatorError(message, EXIT_CODE.usage);
}
