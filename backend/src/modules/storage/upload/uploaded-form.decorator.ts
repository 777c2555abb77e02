import { createParamDecorator, type ExecutionContext, Inject, Injectable, type PipeTransform } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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

/** Pairs the request with its kind's policy (limits from the config) and the storage port. */
@Injectable()
export class IncomingUploadPipe implements PipeTransform<MultipartRequest, IncomingUpload> {
  constructor(
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  transform({ kind, request }: MultipartRequest): IncomingUpload {
    return new IncomingUpload(request, uploadPolicy(kind, this.config.uploads), this.storage);
  }
}

/**
 * The handler's multipart form of one kind of file, as an `IncomingUpload` the service reads
 * when it is ready (`receive(ownerId)`); services never see the request.
 */
export const UploadedForm = (kind: UploadKind): ParameterDecorator => multipartRequest(kind, IncomingUploadPipe);
