/** `@fbt/operator/testing`: sales built on a local chain that fail one verify fact each. */
export * from './faulty-sales';
