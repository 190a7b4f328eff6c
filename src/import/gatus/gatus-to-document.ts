import { LineCounter, parseDocument } from 'yaml';
import { monitorProblem } from '../checked.js';
import { DEFAULT_IMPORT_REGIONS, IMPORT_LIMITS, ImportError, ImportLog, type ImportedMonitor, type ImportOptions, type ImportResult } from '../document.js';
import { convertEndpoint, convertExternal, Keys, type Context } from './endpoints.js';
import { Policies } from './policies.js';
import { isEntry, str, type Entry } from './values.js';

/*
 * A Gatus configuration (config.yaml: `endpoints`, `external-endpoints`, `alerting`; Gatus's
 * `config/endpoint/endpoint.go` and README) → a Lookout document. Keys are `gatus-<group>-<name>`
 * slugged, so the same configuration imports to the same keys. An endpoint's conditions become the
 * monitor's expected status and assertions; `[CERTIFICATE_EXPIRATION] > Nh` an SSL monitor beside
 * it (or instead of it, when the endpoint checks nothing else).
 */

/** The configuration, parsed with the YAML library: an `ImportError` names the line and column of a syntax error. */
function parseConfiguration(yamlText: string): Entry {
  if (typeof yamlText !== 'string') throw new ImportError('is not text');
  if (Buffer.byteLength(yamlText, 'utf8') > IMPORT_LIMITS.fileBytes)
    throw new ImportError(`is larger than ${IMPORT_LIMITS.fileBytes} bytes, the most an import reads`);
  const lines = new LineCounter();
  const document = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const error = document.errors[0];
  if (error) {
    const at = lines.linePos(error.pos[0]);
    const where = `line ${at.line}, column ${at.col}: `;
    throw new ImportError(`is not valid YAML (${where}${error.message.split('\n')[0] ?? ''})`);
  }
  let config: unknown;
  try {
    config = document.toJS({ maxAliasCount: IMPORT_LIMITS.yamlAliases });
  } catch (cause) {
    throw new ImportError(`cannot be read (${cause instanceof Error ? cause.message : String(cause)})`);
  }
  if (!isEntry(config) || (!Array.isArray(config.endpoints) && !Array.isArray(config['external-endpoints']))) {
    throw new ImportError('is not a Gatus configuration: it has no endpoints or external-endpoints list');
  }
  const count =
    (Array.isArray(config.endpoints) ? config.endpoints.length : 0) + (Array.isArray(config['external-endpoints']) ? config['external-endpoints'].length : 0);
  if (count > IMPORT_LIMITS.entries) throw new ImportError(`holds more than ${IMPORT_LIMITS.entries} endpoints; import it in parts`);
  return config;
}

/** A Gatus config.yaml as a document, its notes and what it left out; an `ImportError` for text that is not a Gatus configuration. */
export function gatusToDocument(yamlText: string, options: ImportOptions = {}): ImportResult {
  const config = parseConfiguration(yamlText);
  const log = new ImportLog();
  const providers = isEntry(config.alerting) ? config.alerting : {};
  const context: Context = {
    options: { regions: options.regions ?? DEFAULT_IMPORT_REGIONS },
    log,
    providers,
    policies: new Policies(providers, log),
    keys: new Keys(),
  };
  const monitors: ImportedMonitor[] = [];
  const lists: Array<[unknown, (entry: Entry, context: Context) => ImportedMonitor[] | string]> = [
    [config.endpoints, convertEndpoint],
    [config['external-endpoints'], convertExternal],
  ];
  for (const [list, convert] of lists) {
    for (const entry of Array.isArray(list) ? list : []) {
      if (!isEntry(entry) || str(entry.name) === '') {
        log.skip('(unnamed)', 'an endpoint needs a name');
        continue;
      }
      const label = str(entry.group) === '' ? str(entry.name) : `${str(entry.group)}/${str(entry.name)}`;
      const own = new ImportLog();
      const converted = convert(entry, { ...context, log: own });
      if (typeof converted === 'string') {
        log.skip(label, converted);
        continue;
      }
      const problem = converted.map(monitorProblem).find((found) => found !== null);
      if (problem) {
        log.skip(label, `Lookout would refuse it: ${problem}`);
        continue;
      }
      log.adopt(own);
      monitors.push(...converted);
    }
  }
  for (const suite of Array.isArray(config.suites) ? config.suites : []) {
    log.skip(`suite ${isEntry(suite) ? str(suite.name) : ''}`.trim(), 'suites (endpoints run in sequence sharing values) are not something Lookout runs');
  }
  return { document: { monitors, notificationPolicies: [...context.policies.byKey.values()] }, notes: log.notes, skipped: log.skipped };
}
