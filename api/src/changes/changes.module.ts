import { Global, Module } from '@nestjs/common';
import { ChangesService } from './changes.service';

/** Global: every module that changes data does it through ChangesService. */
@Global()
@Module({ providers: [ChangesService], exports: [ChangesService] })
export class ChangesModule {}
