// Loaded before every test file. The order matters: Nest's CommonJS dependants (Bull Board,
// the mailer) require these ES modules, which must already be in the module cache.
import 'reflect-metadata';
import '@nestjs/common';
import '@nestjs/core';
import '@nestjs/bull-shared';
// Required by @fastify/static, and imported by the download helper (storage/file-download.ts).
import 'content-disposition';

process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'silent';
