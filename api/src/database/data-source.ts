/** The DataSource for the TypeORM CLI and `npm run migrate`: same configuration as the app. */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfiguration } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';
import { ENTITIES } from './entities';

export default new DataSource({ ...dataSourceOptions(loadConfiguration().database), entities: ENTITIES });
