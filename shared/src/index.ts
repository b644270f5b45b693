export * from './types';
export * from './api-routes';
export * from './messages';
export * from './constants';
export * from './views';
export * from './urls';
export * from './platform';
export * from './names';
