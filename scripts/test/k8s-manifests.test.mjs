// The Kubernetes manifests (deploy/k8s) checked without a cluster: every object against the
// Kubernetes schema (kubernetes-models), no field the schema lacks (the validator alone lets a
// misspelt `readinesProbe` through), and the cross-references that make the set work: the
// settings the app requires, the probe paths it serves, the Service, HPA and Ingress wiring.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';
import { parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const k8sDir = join(root, 'deploy/k8s');
const source = (path) => readFileSync(join(root, path), 'utf8');

const SECRET_NAME = 'journal-secrets';
const isExample = (file) => /\.example\.ya?ml$/.test(file);

// ---- the manifests ----

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

/** Every YAML document under deploy/k8s: { file (relative), object }. */
function loadManifests() {
  const documents = [];
  for (const path of yamlFiles(k8sDir)) {
    const file = relative(k8sDir, path);
    for (const doc of parseAllDocuments(readFileSync(path, 'utf8'))) {
      assert.deepEqual(doc.errors.map(String), [], `${file}: YAML errors`);
      const object = doc.toJS();
      if (object !== null) documents.push({ file, object });
    }
  }
  return documents;
}

const manifests = loadManifests();
const isKustomization = (object) => object.apiVersion?.startsWith('kustomize.config.k8s.io/');
const applied = manifests.filter(({ file, object }) => !isKustomization(object) && !isExample(file)).map(({ object }) => object);
const all = (kind) => applied.filter((object) => object.kind === kind);
const one = (kind, name) => {
  const found = applied.filter((object) => object.kind === kind && object.metadata?.name === name);
  assert.equal(found.length, 1, `exactly one ${kind} named ${name}`);
  return found[0];
};
const exampleSecret = manifests.find(({ file, object }) => isExample(file) && object.kind === 'Secret')?.object;

const configMap = () => one('ConfigMap', 'journal-config');
const apiDeployment = () => one('Deployment', 'journal-api');
const workerDeployment = () => one('Deployment', 'journal-worker');
const migrateJob = () => one('Job', 'journal-migrate');
const workloads = () => [apiDeployment(), workerDeployment(), migrateJob()];
const podSpec = (workload) => workload.spec.template.spec;
const onlyContainer = (workload) => {
  assert.equal(podSpec(workload).containers.length, 1, `${workload.metadata.name}: one container`);
  return podSpec(workload).containers[0];
};
const labelsMatch = (selector, labels) => Object.entries(selector).every(([key, value]) => labels?.[key] === value);

// ---- fields the schema does not know (from kubernetes-models' type declarations) ----

/** Where a module specifier of a .d.ts file lives, as a .d.ts path. */
function declarationPath(specifier, fromFile) {
  if (specifier.startsWith('.')) return join(dirname(fromFile), specifier.replace(/\.js$/, '.d.ts'));
  const parts = specifier.split('/');
  const packageLength = specifier.startsWith('@') ? 2 : 1;
  for (let dir = dirname(fromFile); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', ...parts.slice(0, packageLength));
    if (existsSync(candidate)) return `${join(candidate, ...parts.slice(packageLength))}.d.ts`;
    if (dirname(dir) === dir) throw new Error(`cannot find ${specifier} from ${fromFile}`);
  }
}

const shapes = new Map();
/**
 * The properties of the interface a .d.ts file declares: name -> the .d.ts of the property's own
 * object type, or null for a value not checked further (scalars, maps, type aliases). Null for a
 * file declaring no interface (IntOrString, Quantity, Time).
 */
function shapeOf(file) {
  if (shapes.has(file)) return shapes.get(file);
  const text = readFileSync(file, 'utf8');
  const body = text.match(/export interface \w+(?: extends [\w, ]+)? \{\n([\s\S]*?)\n\}/)?.[1];
  let shape = null;
  if (body !== undefined) {
    const imports = new Map([...text.matchAll(/import \{ (\w+) \} from "([^"]+)";/g)].map((m) => [m[1], m[2]]));
    shape = new Map();
    for (const [, name, type] of body.matchAll(/^ {4}"([^"]+)"\??: (.+?);?$/gm)) {
      const typeName = type.match(/^(?:Array<)?(\w+)>?$/)?.[1];
      shape.set(name, typeName && imports.has(typeName) ? declarationPath(imports.get(typeName), file) : null);
    }
  }
  shapes.set(file, shape);
  return shape;
}

function unknownFields(value, file, path, found = []) {
  const shape = shapeOf(file);
  if (shape === null || value === null || typeof value !== 'object') return found;
  for (const [key, child] of Object.entries(value)) {
    if (!shape.has(key)) {
      found.push(`${path}.${key}`);
      continue;
    }
    const childFile = shape.get(key);
    if (childFile === null) continue;
    if (Array.isArray(child)) child.forEach((item, i) => unknownFields(item, childFile, `${path}.${key}[${i}]`, found));
    else unknownFields(child, childFile, `${path}.${key}`, found);
  }
  return found;
}

// ---- what the app itself says ----

const envSchemaSource = source('backend/src/config/env.schema.ts');
const envObjectSource = envSchemaSource.slice(envSchemaSource.indexOf('z\n  .object({'), envSchemaSource.indexOf('.superRefine('));
/** Each variable of the schema with the source text of its definition. */
const schemaVariables = new Map(
  [...envObjectSource.matchAll(/^ {4}([A-Z][A-Z0-9_]+): ([\s\S]*?)(?=^ {4}(?:[A-Z][A-Z0-9_]+:|\/\*\*)|^ {2}\}\))/gm)].map((m) => [m[1], m[2]]),
);

/** A number default written as arithmetic (`10 * 1024 * 1024`). */
function numberDefault(name) {
  const expression = schemaVariables.get(name)?.match(/\.default\(([\d\s*]+)\)/)?.[1];
  assert.ok(expression, `env.schema.ts: a number default for ${name}`);
  return expression.split('*').reduce((product, factor) => product * Number(factor.trim()), 1);
}

/** Variables production refuses to start without: [name, alternatives that also satisfy it]. */
function requiredInProduction() {
  return [...envSchemaSource.matchAll(/path: \['([A-Z0-9_]+)'\], message: '(is required in production[^']*)'/g)].map(([, name, message]) => [
    name,
    [...message.matchAll(/set ([A-Z0-9_]+)=/g)].map((m) => m[1]),
  ]);
}

/** Variables whose default is this machine (127.0.0.1): in a pod that is nothing. */
const loopbackDefaults = () => [...schemaVariables].filter(([, definition]) => definition.includes('127.0.0.1')).map(([name]) => name);

function requiredWhen(condition) {
  const block = envSchemaSource.match(new RegExp(`${condition.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\) \\{([\\s\\S]*?)\\n {4}\\}`))?.[1];
  assert.ok(block, `env.schema.ts: a block for ${condition}`);
  const listed = block.match(/for \(const key of \[([^\]]+)\]/)?.[1];
  if (listed) return [...listed.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]);
  return [...new Set([...block.matchAll(/path: \['([A-Z0-9_]+)'\]/g)].map((m) => m[1]))];
}

/** The environment a workload's container gets: every name, and those that may be missing. */
function environmentOf(workload) {
  const container = onlyContainer(workload);
  const names = new Set();
  const optional = new Set();
  for (const source of container.envFrom ?? []) {
    assert.ok(source.configMapRef, `${workload.metadata.name}: envFrom only from the ConfigMap (secrets by key)`);
    const map = one('ConfigMap', source.configMapRef.name);
    for (const key of Object.keys(map.data ?? {})) names.add(key);
  }
  for (const variable of container.env ?? []) {
    names.add(variable.name);
    if (variable.valueFrom?.secretKeyRef?.optional || variable.valueFrom?.configMapKeyRef?.optional) optional.add(variable.name);
  }
  return { names, optional, required: new Set([...names].filter((name) => !optional.has(name))) };
}

const secretRefs = (workload) =>
  (onlyContainer(workload).env ?? [])
    .filter((variable) => variable.valueFrom?.secretKeyRef)
    .map(({ name, valueFrom: { secretKeyRef: ref } }) => ({ variable: name, secret: ref.name, key: ref.key, optional: ref.optional === true }));

const openapiPaths = JSON.parse(source('backend/openapi.json')).paths;

function containerPort(container, port) {
  const found = container.ports?.find((p) => p.name === port || p.containerPort === port);
  assert.ok(found, `${container.name}: a container port ${port}`);
  return found;
}

function probe(container, kind) {
  const action = container[kind]?.httpGet;
  assert.ok(action, `${container.name}: an httpGet ${kind}`);
  return { path: action.path, port: containerPort(container, action.port).containerPort };
}

function bytes(size) {
  const [, number, unit = ''] = String(size).match(/^(\d+)([kmg]?)$/i) ?? [];
  assert.ok(number, `a size like 30m: ${size}`);
  return Number(number) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit.toLowerCase()];
}

// ---- the tests ----

describe('deploy/k8s: Kubernetes schemas', () => {
  it('finds the manifests', () => {
    const kinds = applied.map((object) => object.kind);
    for (const kind of ['ConfigMap', 'Deployment', 'Service', 'HorizontalPodAutoscaler', 'Job', 'Ingress']) {
      assert.ok(kinds.includes(kind), `a ${kind} in deploy/k8s`);
    }
    assert.ok(exampleSecret, 'an example Secret (*.example.yaml) showing the keys');
  });

  for (const { file, object } of manifests.filter(({ object }) => !isKustomization(object))) {
    const label = `${file}: ${object.kind} ${object.metadata?.name}`;
    it(`${label} is valid against ${object.apiVersion} ${object.kind}, with no unknown field`, async () => {
      assert.ok(object.apiVersion && object.kind, `${file}: apiVersion and kind`);
      const specifier = `kubernetes-models/${object.apiVersion}/${object.kind}`;
      const models = await import(specifier).catch(() => assert.fail(`${file}: no Kubernetes schema for ${object.apiVersion} ${object.kind}`));
      const Model = models[object.kind];
      assert.doesNotThrow(() => new Model(object).validate(), (error) => assert.fail(`${label}: ${error.message}`));
      const declaration = fileURLToPath(import.meta.resolve(specifier)).replace(/\.js$/, '.d.ts');
      assert.deepEqual(unknownFields(object, declaration, object.kind), [], `${label}: fields the schema does not have`);
      assert.equal(object.metadata?.namespace, undefined, `${label}: namespace-agnostic (no metadata.namespace)`);
    });
  }

  it('the unknown-field check does catch a misspelt field', () => {
    const declaration = fileURLToPath(import.meta.resolve('kubernetes-models/apps/v1/Deployment')).replace(/\.js$/, '.d.ts');
    const probe = { httpGet: { paht: '/api/health', port: 3000 } };
    const broken = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { spec: { containers: [{ name: 'x', image: 'x', readinesProbe: probe, livenessProbe: probe }] } } },
    };
    assert.deepEqual(unknownFields(broken, declaration, 'Deployment'), [
      'Deployment.spec.template.spec.containers[0].readinesProbe',
      'Deployment.spec.template.spec.containers[0].livenessProbe.httpGet.paht',
    ]);
  });

  it('kustomization.yaml lists every manifest but the examples, and names the image every pod runs', () => {
    const kustomization = manifests.find(({ object }) => isKustomization(object));
    assert.ok(kustomization, 'a kustomization.yaml');
    const listed = [...kustomization.object.resources].sort();
    const files = [...new Set(manifests.filter(({ file, object }) => !isKustomization(object) && !isExample(file)).map(({ file }) => file))].sort();
    assert.deepEqual(listed, files);
    const imageNames = kustomization.object.images.map((image) => image.name);
    for (const workload of workloads()) {
      const image = onlyContainer(workload).image;
      assert.ok(imageNames.includes(image.replace(/:[^:/]+$/, '')), `${workload.metadata.name}: its image ${image} is set by kustomization.yaml`);
    }
  });
});

describe('deploy/k8s: configuration', () => {
  it('every variable set is one the app reads', () => {
    for (const workload of workloads()) {
      for (const name of environmentOf(workload).names) {
        assert.ok(schemaVariables.has(name), `${workload.metadata.name}: ${name} is not in backend/src/config/env.schema.ts`);
      }
    }
  });

  it('the API, the worker and the migration get the same settings', () => {
    const [api, ...others] = workloads().map((workload) => ({ envFrom: onlyContainer(workload).envFrom, env: onlyContainer(workload).env }));
    for (const other of others) assert.deepEqual(other, api);
  });

  it('every variable production requires, and every one whose default is this machine, is always given', () => {
    const config = configMap().data;
    assert.equal(config.NODE_ENV, 'production');
    const required = requiredInProduction();
    assert.ok(required.some(([name]) => name === 'JWT_SECRET'), 'env.schema.ts still lists what production requires');
    for (const workload of workloads()) {
      const env = environmentOf(workload);
      for (const [name, alternatives] of required) {
        assert.ok([name, ...alternatives].some((n) => env.required.has(n)), `${workload.metadata.name}: ${[name, ...alternatives].join(' or ')} must be given (required in production)`);
      }
      for (const name of loopbackDefaults()) {
        assert.ok(env.required.has(name), `${workload.metadata.name}: ${name} must be given (its default is 127.0.0.1)`);
      }
    }
  });

  it('what the chosen storage and payment provider need is given', () => {
    const config = configMap().data;
    for (const workload of workloads()) {
      const env = environmentOf(workload);
      if (config.STORAGE_DRIVER === 's3') {
        for (const name of requiredWhen("env.STORAGE_DRIVER === 's3'")) assert.ok(env.required.has(name), `${workload.metadata.name}: ${name} (STORAGE_DRIVER=s3)`);
      }
      if (config.PAYMENTS_PROVIDER === 'stripe') {
        // Optional keys are enough: without them the pods refuse to start, saying which is missing.
        for (const name of requiredWhen("paymentsProvider === 'stripe'")) assert.ok(env.names.has(name), `${workload.metadata.name}: ${name} (PAYMENTS_PROVIDER=stripe)`);
      }
    }
  });

  it('the ConfigMap holds no secret, and no empty value', () => {
    const config = configMap().data;
    const fromSecret = new Set(secretRefs(apiDeployment()).map((ref) => ref.variable));
    for (const [key, value] of Object.entries(config)) {
      assert.ok(!fromSecret.has(key), `${key} is set both in the ConfigMap and from the Secret`);
      assert.doesNotMatch(key, /SECRET|PASSWORD|ACCESS_KEY|DATABASE_URL|REDIS_URL|SMTP_URL/, `${key} belongs in the Secret`);
      assert.notEqual(value, '', `${key}: an empty value is still set, and fails validation`);
    }
  });

  it('the Secret references and the example Secret agree', () => {
    const exampleKeys = Object.keys(exampleSecret.stringData ?? exampleSecret.data ?? {});
    const refs = secretRefs(apiDeployment());
    for (const ref of refs) {
      assert.equal(ref.secret, SECRET_NAME, `${ref.variable}: from the Secret ${SECRET_NAME}`);
      assert.equal(ref.key, ref.variable, `${ref.variable}: the Secret's key is named like the variable`);
      if (!ref.optional) assert.ok(exampleKeys.includes(ref.key), `${ref.key} (required) is shown in the example Secret`);
    }
    assert.equal(exampleSecret.metadata.name, SECRET_NAME);
    for (const key of exampleKeys) assert.ok(refs.some((ref) => ref.key === key), `the example Secret's ${key} is read by the pods`);
    for (const [key, value] of Object.entries(exampleSecret.stringData)) assert.match(value, /CHANGE_ME/, `example Secret ${key}: a marked placeholder`);
  });

  const built = existsSync(join(root, 'backend/dist/config/app-config.js'));
  describe('against the built app (backend/dist)', { skip: built ? false : 'backend/dist is not built (npm run build)' }, () => {
    let loadConfig;
    before(async () => {
      ({ loadConfig } = await import(pathToFileURL(join(root, 'backend/dist/config/app-config.js')).href));
    });
    const secretValues = () => ({ ...exampleSecret.stringData });

    it('the ConfigMap with real secret values is a valid production configuration', () => {
      const env = { ...configMap().data, ...secretValues(), JWT_SECRET: 'k'.repeat(48), STRIPE_SECRET_KEY: 'sk_test_k8s', STRIPE_WEBHOOK_SECRET: 'whsec_k8s' };
      const config = loadConfig(env);
      assert.equal(config.env, 'production');
      assert.equal(config.http.port, Number(configMap().data.PORT));
    });

    it('the example Secret applied as it is cannot start the journal', () => {
      assert.throws(() => loadConfig({ ...configMap().data, ...secretValues() }), /JWT_SECRET/);
    });
  });
});

describe('deploy/k8s: the API', () => {
  it('its probes ask the API at paths it serves: readiness checks the dependencies, liveness does not', () => {
    const container = onlyContainer(apiDeployment());
    const port = Number(configMap().data.PORT);
    const readiness = probe(container, 'readinessProbe');
    const dependencyFree = (path) => openapiPaths[path]?.get && !openapiPaths[path].get.responses['503'];
    assert.ok(openapiPaths[readiness.path]?.get?.responses['503'], `readiness ${readiness.path}: a path that answers 503 when PostgreSQL or Redis is down`);
    for (const kind of ['livenessProbe', 'startupProbe']) {
      const { path, port: probed } = probe(container, kind);
      assert.ok(dependencyFree(path), `${kind} ${path}: a path the API serves that never fails for a dependency (else an outage restarts every pod)`);
      assert.equal(probed, port);
    }
    assert.equal(readiness.port, port, 'the probes reach the port the API listens on (PORT)');
  });

  it('its pods are selected by their Deployment, and by the Service alone (not the worker or the migration)', () => {
    for (const workload of [apiDeployment(), workerDeployment()]) {
      assert.ok(labelsMatch(workload.spec.selector.matchLabels, workload.spec.template.metadata.labels), `${workload.metadata.name}: selector matches its pods`);
    }
    const services = all('Service');
    const service = one('Service', 'journal-api');
    assert.ok(labelsMatch(service.spec.selector, apiDeployment().spec.template.metadata.labels), 'the Service selects the API pods');
    for (const other of [workerDeployment(), migrateJob()]) {
      for (const s of services) assert.ok(!labelsMatch(s.spec.selector, other.spec.template.metadata.labels), `Service ${s.metadata.name} must not select ${other.metadata.name}`);
    }
    for (const port of service.spec.ports) containerPort(onlyContainer(apiDeployment()), port.targetPort);
  });

  it('the HorizontalPodAutoscaler scales the API Deployment on CPU, from at least 2 pods', () => {
    const [hpa] = all('HorizontalPodAutoscaler');
    assert.equal(hpa.apiVersion, 'autoscaling/v2');
    const target = hpa.spec.scaleTargetRef;
    assert.deepEqual([target.apiVersion, target.kind, target.name], ['apps/v1', 'Deployment', apiDeployment().metadata.name]);
    assert.ok(hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas >= hpa.spec.minReplicas);
    assert.ok(hpa.spec.metrics.some((m) => m.type === 'Resource' && m.resource.name === 'cpu' && m.resource.target.type === 'Utilization'));
    assert.ok(onlyContainer(apiDeployment()).resources.requests.cpu, 'CPU utilisation is a share of the CPU request');
    assert.equal(apiDeployment().spec.replicas, undefined, 'the HPA owns the replica count (a fixed one is reset by every apply)');
  });

  it('the Ingress routes PUBLIC_URL\'s host, with TLS, to the Service port', () => {
    const ingress = one('Ingress', 'journal');
    const host = new URL(configMap().data.PUBLIC_URL).host;
    assert.deepEqual(ingress.spec.rules.map((rule) => rule.host), [host]);
    assert.ok(ingress.spec.tls.some((tls) => tls.hosts.includes(host) && tls.secretName), 'a TLS section with a secret for the host');
    assert.match(configMap().data.PUBLIC_URL, /^https:\/\//);
    for (const path of ingress.spec.rules.flatMap((rule) => rule.http.paths)) {
      const { name, port } = path.backend.service;
      const service = one('Service', name);
      assert.ok(service.spec.ports.some((p) => (port.name ? p.name === port.name : p.port === port.number)), `Service ${name} has the port ${port.name ?? port.number}`);
    }
  });

  it('the Ingress lets the largest upload through and waits as long as the API lets requests finish', () => {
    const config = configMap().data;
    const setting = (name) => Number(config[name] ?? numberDefault(name));
    // A form's text fields besides the files: at most 10 of 96 KiB (upload-policy.ts), rounded up.
    const envelope = 2 * 1024 * 1024;
    const largest = Math.max(setting('UPLOAD_MAX_PDF_BYTES'), setting('UPLOAD_MAX_IMAGE_BYTES') * setting('UPLOAD_MAX_IMAGES')) + envelope;
    const annotations = one('Ingress', 'journal').metadata.annotations;
    assert.ok(bytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size']) >= largest, `proxy-body-size must allow ${largest} bytes`);
    const readTimeout = Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']);
    const preStop = Number(onlyContainer(apiDeployment()).lifecycle.preStop.exec.command.at(-1));
    assert.ok(podSpec(apiDeployment()).terminationGracePeriodSeconds >= preStop + readTimeout, 'terminationGracePeriodSeconds >= preStop + proxy-read-timeout');
  });
});

describe('deploy/k8s: the worker and the migration', () => {
  it('each runs its compiled entry point', () => {
    const entries = new Map([[apiDeployment(), 'backend/src/main.ts'], [workerDeployment(), 'backend/src/worker.ts'], [migrateJob(), 'backend/src/cli/migrate.ts']]);
    for (const [workload, entry] of entries) {
      const command = onlyContainer(workload).command;
      assert.equal(command[0], 'node');
      // Node's flags come before the script (the API's: api-node-flags.test.mjs).
      assert.equal(command.at(-1), entry.replace('backend/src/', 'backend/dist/').replace(/\.ts$/, '.js'), workload.metadata.name);
      assert.ok(existsSync(join(root, entry)), entry);
    }
    assert.match(source('deploy/Dockerfile'), /^WORKDIR \/app$/m, 'the commands are relative to the image\'s /app');
  });

  it('the worker serves nothing and has time to finish an SMTP send when stopped', () => {
    const container = onlyContainer(workerDeployment());
    assert.equal(container.ports, undefined);
    assert.ok(workerDeployment().spec.replicas >= 2, 'two workers');
    // The SMTP transport's sendTimeout, wherever the notifications module sets it.
    const notifications = join(root, 'backend/src/modules/notifications');
    const sendTimeouts = readdirSync(notifications, { recursive: true })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .flatMap((file) => [...readFileSync(join(notifications, file), 'utf8').matchAll(/sendTimeout: ([\d_]+)/g)])
      .map((m) => Number(m[1].replaceAll('_', '')));
    assert.ok(sendTimeouts.length > 0, 'the SMTP sendTimeout is set in backend/src/modules/notifications');
    const sendTimeoutMs = Math.max(...sendTimeouts);
    assert.ok(podSpec(workerDeployment()).terminationGracePeriodSeconds * 1000 > sendTimeoutMs, 'terminationGracePeriodSeconds > the SMTP sendTimeout');
  });

  it('the migration runs once and is not restarted in place', () => {
    const job = migrateJob();
    assert.equal(podSpec(job).restartPolicy, 'Never');
    assert.equal(job.spec.parallelism ?? 1, 1);
    assert.equal(job.spec.completions ?? 1, 1);
  });
});

describe('deploy/k8s: every pod', () => {
  it('runs as a non-root uid with a read-only root filesystem, no privilege escalation, and sized resources', () => {
    // The image's USER is a name (`node`): the kubelet can check runAsNonRoot only against a number.
    assert.match(source('deploy/Dockerfile'), /^USER node$/m);
    for (const workload of workloads()) {
      const pod = podSpec(workload);
      const name = workload.metadata.name;
      assert.equal(pod.securityContext.runAsNonRoot, true, name);
      assert.ok(Number.isInteger(pod.securityContext.runAsUser) && pod.securityContext.runAsUser > 0, `${name}: a numeric non-root runAsUser`);
      for (const container of pod.containers) {
        assert.equal(container.securityContext.allowPrivilegeEscalation, false, name);
        assert.equal(container.securityContext.readOnlyRootFilesystem, true, name);
        assert.deepEqual(container.securityContext.capabilities.drop, ['ALL'], name);
        for (const kind of ['requests', 'limits']) {
          assert.ok(container.resources?.[kind]?.cpu && container.resources[kind].memory, `${name}: cpu and memory ${kind}`);
        }
        for (const mount of container.volumeMounts ?? []) {
          assert.ok(pod.volumes.some((volume) => volume.name === mount.name), `${name}: volume ${mount.name}`);
        }
      }
    }
  });
});
