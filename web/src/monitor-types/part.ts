import type { ComponentType } from 'react';
import type { Monitor, MonitorType, Run } from '../api/types.js';
import type { AssertionSource } from '../../../src/shared/vocabulary.js';
import type { CommonBody, DraftOf, FormState, SectionProps } from './form-state.js';

export type MonitorOf<T extends MonitorType> = Extract<Monitor, { type: T }>;

/** What the form takes from a type: its words on the picker, its sections, and how it reads and writes the form's state. */
export interface FormPart<T extends MonitorType> {
  choice: { title: string; text: string };
  /** The port a new monitor of the type starts with ('' for none), or null when the type has no port. */
  defaultPort: string | null;
  /** The fields of "What to check" below the name. */
  Target: ComponentType<SectionProps>;
  /** The content of the "how often" section (its legend included). */
  Schedule: ComponentType<SectionProps>;
  /** Sections after alerting (credentials, request); null when the type has none. */
  Sections: ComponentType<SectionProps & { stored: MonitorOf<T> | undefined; original: FormState }> | null;
  /** The sources its assertions may read (none: the type takes no assertions), and what decides a check without any. */
  assertions: { sources: readonly AssertionSource[]; none: string };
  /** What the thresholds count for this type. */
  thresholdHints: { failure: string; recovery: string };
  /** The form's fields as a stored monitor of the type has them. */
  load: (monitor: MonitorOf<T>) => Partial<FormState>;
  /** The create body: every field the form has for the type; the API validates it. */
  body: (form: FormState, common: CommonBody) => DraftOf[T];
}

/** What the monitor page takes from a type: how its runs, its first card and its own card look. */
export interface DetailPart<T extends MonitorType> {
  /** The tag beside its name ("HTTP"). */
  tag: string;
  /** The type's part of a run's details in Recent checks (status code, timings, records, log). */
  RunView: ComponentType<{ run: Run }>;
  /** The card at the top of the page: the regions' newest runs, or a heartbeat's ping URL. */
  Overview: ComponentType<{ monitor: MonitorOf<T>; runs: Run[] | undefined; onChanged: (monitor: Monitor) => void }>;
  /** The card of what the type checks and how (a certificate's dates, a request, a schedule). */
  DetailCard: ComponentType<{ monitor: MonitorOf<T>; runs: Run[] | undefined }>;
  /** Lookout checks it itself from regions (a heartbeat is not checked: its job reports). */
  checked: boolean;
  words: {
    chartTitle: string;
    chartEmpty?: string;
    runs: string;
    noRuns: string;
    paused: string;
  };
}

export interface MonitorTypeParts<T extends MonitorType> {
  form: FormPart<T>;
  detail: DetailPart<T>;
}

/** Every type's parts: a type without one, or a part without a field, does not compile. */
export type MonitorTypeRegistry = { [T in MonitorType]: MonitorTypeParts<T> };
