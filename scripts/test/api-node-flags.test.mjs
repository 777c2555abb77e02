// Every way of starting the API starts it with the same Node flags (API_NODE_FLAGS in
// scripts/lib/stack.mjs): the image, the Kubernetes Deployment, docker-compose and every script
// and bench that spawns backend/dist/main.js. A launcher without them would run the API with
// Node's default young generation, and its upload memory would be other than the one measured.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { API_NODE_FLAGS } from '../lib/stack.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const source = (path) => readFileSync(join(root, path), 'utf8');
const expectedCommand = ['node', ...API_NODE_FLAGS, 'backend/dist/main.js'];

/** The JSON-form CMD of one stage of a Dockerfile. */
function stageCommand(dockerfile, stage) {
  const stages = dockerfile.split(/^FROM /m);
  const body = stages.find((text) => new RegExp(`^\\S+ AS ${stage}\\b`, 'i').test(text));
  assert.ok(body, `the Dockerfile has a stage "${stage}"`);
  const commands = [...body.matchAll(/^CMD (\[.*\])$/gm)];
  assert.ok(commands.length > 0, `the stage "${stage}" has a CMD in JSON form`);
  return JSON.parse(commands.at(-1)[1]);
}

describe('the API is started with API_NODE_FLAGS everywhere', () => {
  it('names at least one flag, each a Node option', () => {
    assert.ok(API_NODE_FLAGS.length > 0);
    for (const flag of API_NODE_FLAGS) assert.match(flag, /^--[a-z][a-z-]*(=\S+)?$/);
  });

  it('in the image: the api stage of deploy/Dockerfile', () => {
    assert.deepEqual(stageCommand(source('deploy/Dockerfile'), 'api'), expectedCommand);
  });

  it('in Kubernetes: the api container of deploy/k8s/api-deployment.yaml', () => {
    const [deployment] = parseAllDocuments(source('deploy/k8s/api-deployment.yaml')).map((document) => document.toJS());
    const api = deployment.spec.template.spec.containers.find((container) => container.name === 'api');
    assert.deepEqual(api.command, expectedCommand);
  });

  it('in docker-compose.yml: the api service runs the image as built, or the same command', () => {
    const compose = parse(source('docker-compose.yml'));
    const apiServices = Object.entries(compose.services).filter(([, service]) => service.build?.target === 'api');
    assert.ok(apiServices.length > 0, 'a service is built from the api stage');
    for (const [name, service] of apiServices) {
      if (service.command !== undefined) assert.deepEqual(service.command, expectedCommand, name);
    }
  });

  it('in every script and bench that spawns dist/main.js', () => {
    const launchers = ['scripts', 'bench']
      .flatMap((dir) => readdirSync(join(root, dir)).filter((file) => file.endsWith('.mjs')).map((file) => `${dir}/${file}`))
      .filter((path) => /['"]dist\/main\.js['"]/.test(source(path)));
    assert.ok(launchers.includes('scripts/start.mjs'), 'npm start is among them');
    for (const path of launchers) assert.match(source(path), /\bAPI_NODE_FLAGS\b/, `${path} passes API_NODE_FLAGS`);
  });
});
