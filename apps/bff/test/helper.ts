export * from '../src/testing/test-world';
