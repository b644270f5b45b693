import { Module } from '@nestjs/common';
import { InsightsModule } from '../insights/insights.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({ imports: [InsightsModule], controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
