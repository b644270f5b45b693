export * from '../../../test-support/mock-fetch';
