import { Global, Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from './api-key-authenticator.service.js';

@Global()
@Module({
  providers: [ApiKeyAuthenticator],
  exports: [ApiKeyAuthenticator],
})
export class AuthModule {}
