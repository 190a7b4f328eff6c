import { describe, expect, it } from 'vitest';
import { CHANNEL_SECRET_FIELDS, ChannelRecord, ChannelTarget, TARGET_FIELDS } from '../../src/domain/alerts/channels.js';
import { CreateChannelInput, UpdateChannelInput } from '../../src/domain/alerts/channel-inputs.js';
import { CHANNEL_MESSAGES } from '../../src/domain/alerts/messages.js';
import { CHANNEL_SENDERS } from '../../src/notify/channel-senders.js';
import { CHANNEL_TYPES } from '../../src/shared/vocabulary.js';
import { CHANNEL_FIELDS, CHANNEL_LABELS } from '../../web/src/pages/channel-fields.js';

/*
 * A channel type is declared in a few typed lists, each keyed by the type union, so that the
 * compiler refuses a type that lacks a part. This reads the same lists at run time, so that a list
 * widened by a cast, or a variant filed under another type's key, is caught too.
 */

/** The discriminator value of each variant of a union built by type. */
const variants = (union: { options: ReadonlyArray<{ shape: { type: { value: unknown } } }> }) => union.options.map((option) => option.shape.type.value);

/** Every part a channel type must have, each a question of the lists as they stand. */
const PARTS: Record<string, (type: string) => boolean> = {
  'stored secrets (CHANNEL_SECRET_FIELDS)': (type) => Array.isArray((CHANNEL_SECRET_FIELDS as Record<string, unknown>)[type]),
  'identity (TARGET_FIELDS)': (type) => Array.isArray((TARGET_FIELDS as Record<string, unknown>)[type]),
  'record schema (ChannelRecord)': (type) => variants(ChannelRecord).includes(type),
  'delivery target schema (ChannelTarget)': (type) => variants(ChannelTarget).includes(type),
  'create input (CreateChannelInput)': (type) => variants(CreateChannelInput).includes(type),
  'update input (UpdateChannelInput)': (type) => variants(UpdateChannelInput).includes(type),
  'message renderer (CHANNEL_MESSAGES)': (type) => typeof (CHANNEL_MESSAGES as Record<string, unknown>)[type] === 'function',
  'sender (CHANNEL_SENDERS)': (type) => {
    const sender = (CHANNEL_SENDERS as Record<string, { transport?: string; request?: unknown; recipients?: unknown } | undefined>)[type];
    return (sender?.transport === 'http' && typeof sender.request === 'function') || (sender?.transport === 'mail' && typeof sender.recipients === 'function');
  },
  'dashboard label (CHANNEL_LABELS)': (type) => typeof (CHANNEL_LABELS as Record<string, unknown>)[type] === 'string',
  'dashboard form fields (CHANNEL_FIELDS)': (type) => Array.isArray((CHANNEL_FIELDS as Record<string, unknown>)[type]),
};

function missingParts(type: string): string[] {
  return Object.entries(PARTS)
    .filter(([, has]) => !has(type))
    .map(([part]) => part);
}

describe('the channel registry', () => {
  it('lists the eleven channel types, each with every part', () => {
    expect(CHANNEL_TYPES).toEqual(['webhook', 'slack', 'email', 'discord', 'teams', 'telegram', 'pagerduty', 'opsgenie', 'ntfy', 'pushover', 'custom']);
    expect(Object.fromEntries(CHANNEL_TYPES.map((type) => [type, missingParts(type)]))).toEqual(Object.fromEntries(CHANNEL_TYPES.map((type) => [type, []])));
  });

  it('names each part a channel type lacks', () => {
    expect(missingParts('sms')).toEqual(Object.keys(PARTS));
  });

  it('has no part for a type the vocabulary does not list, and keeps each union in the vocabulary’s order', () => {
    for (const union of [ChannelRecord, ChannelTarget, CreateChannelInput, UpdateChannelInput]) expect(variants(union)).toEqual(CHANNEL_TYPES);
    for (const list of [CHANNEL_SECRET_FIELDS, TARGET_FIELDS, CHANNEL_MESSAGES, CHANNEL_SENDERS, CHANNEL_LABELS, CHANNEL_FIELDS]) {
      expect(Object.keys(list).sort()).toEqual([...CHANNEL_TYPES].sort());
    }
  });

  it('delivers email by mail and every other channel over HTTP', () => {
    expect(Object.fromEntries(CHANNEL_TYPES.map((type) => [type, CHANNEL_SENDERS[type].transport]))).toEqual(
      Object.fromEntries(CHANNEL_TYPES.map((type) => [type, type === 'email' ? 'mail' : 'http'])),
    );
  });
});
