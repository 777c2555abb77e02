import { createParamDecorator, type ExecutionContext, Inject, Injectable, type PipeTransform } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../../../common/rate-limit/rate-limits.service.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { StorageService } from '../storage.service.js';
import { IncomingUpload } from './incoming-upload.js';
import { type UploadKind, uploadPolicy } from './upload-policy.js';

interface MultipartRequest {
  kind: UploadKind;
  request: FastifyRequest;
}

const multipartRequest = createParamDecorator((kind: UploadKind, context: ExecutionContext): MultipartRequest => ({
  kind,
  request: context.switchToHttp().getRequest<FastifyRequest>(),
}));

/** Pairs the request with its kind's policy (limits from the config), the storage port and the per-user rate limit. */
@Injectable()
export class IncomingUploadPipe implements PipeTransform<MultipartRequest, IncomingUpload> {
  constructor(
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: RateLimits,
  ) {}

  transform({ kind, request }: MultipartRequest): IncomingUpload {
    const policy = uploadPolicy(kind, this.config.uploads);
    return new IncomingUpload(request, policy, this.storage, (userId) => this.limits.admit(policy.rateLimit, { userId }));
  }
}

/**
 * The handler's multipart form of one kind of file, as an `IncomingUpload` the service reads
 * when it is ready (`receive(ownerId)`); services never see the request.
 */
export const UploadedForm = (kind: UploadKind): ParameterDecorator => multipartRequest(kind, IncomingUploadPipe);
