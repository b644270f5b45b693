import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminSessionEntity } from './admin-session.entity';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { LoginLimits } from './login-limits.service';
import { SessionService } from './session.service';

@Module({
  imports: [TypeOrmModule.forFeature([AdminSessionEntity])],
  controllers: [AuthController],
  providers: [AuthService, SessionService, LoginLimits, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionService],
})
export class AuthModule {}
