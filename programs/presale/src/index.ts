export * from './artifacts';
