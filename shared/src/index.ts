export * from './types';
export * from './api-routes';
export * from './messages';
export * from './constants';
export * from './views';
