import { Module } from '@nestjs/common';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { NetworkAnalysisService } from './network-analysis.service';

@Module({
  controllers: [InsightsController],
  providers: [InsightsService, NetworkAnalysisService],
  exports: [InsightsService, NetworkAnalysisService],
})
export class InsightsModule {}
