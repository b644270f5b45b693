import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { API_ROUTES, type VersionInfo } from '@friends/shared';
import { repoRoot } from '../common/repo-root';
import type { AppConfig } from '../config/configuration';

/** Where the host loads each remote from at run time (PUBLIC_REMOTE_URL / ADMIN_REMOTE_URL). */
export interface RemotesInfo {
  public: string;
  admin: string;
}

export const REMOTES_ROUTE = '/remotes.json';

/** Small files the host bundle reads at start: the version for the footer, the remotes' manifests. */
@Controller()
export class SiteController {
  private readonly version: VersionInfo;
  private readonly remotes: RemotesInfo;

  constructor(config: ConfigService<AppConfig, true>) {
    const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as {
      version?: string;
    };
    this.version = { version: manifest.version ?? '0.0.0' };
    const remotes = config.get('remotes', { infer: true });
    this.remotes = { public: remotes.publicUrl, admin: remotes.adminUrl };
  }

  @Get(API_ROUTES.version)
  @Header('Cache-Control', 'no-cache')
  getVersion(): VersionInfo {
    return this.version;
  }

  @Get(REMOTES_ROUTE)
  @Header('Cache-Control', 'no-cache')
  getRemotes(): RemotesInfo {
    return this.remotes;
  }
}
