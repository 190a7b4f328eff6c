/*
 * Importing monitors from Uptime Kuma and Gatus: pure converters from each source to a document
 * that `lookout apply` takes, and the readers of the sources' files.
 */
export { IMPORT_LIMITS, ImportError, type ImportDocument, type ImportOptions, type ImportResult, type SkippedEntry } from './document.js';
export { readBoundedText } from './files.js';
export { gatusToDocument } from './gatus/gatus-to-document.js';
export { readKumaDatabase, readKumaFile } from './kuma/database.js';
export { kumaToDocument } from './kuma/kuma-to-document.js';
export { IMPORT_SOURCES, importFile, importReport, type ImportSource } from './import-file.js';
