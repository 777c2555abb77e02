import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LinkToken } from './entities/link-token.entity.js';
import { LinkTokensService } from './link-tokens.service.js';

/** The store of e-mailed links, for every module that sends one (auth now, invitations next). */
@Module({
  imports: [MikroOrmModule.forFeature([LinkToken])],
  providers: [LinkTokensService],
  exports: [LinkTokensService],
})
export class LinkTokensModule {}
