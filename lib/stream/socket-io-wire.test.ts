// The frames are checked against Socket.IO's own parser, the one its server and client use.
import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { engine, packetFrame, readPacket, silenceLimitOf, socketIo } from './socket-io-wire';

const encoded = (packet: Packet) => {
  const [text, ...attachments] = new Encoder().encode(packet);
  expect(attachments).toEqual([]);
  return text as string;
};

const decoded = (text: string) => {
  const decoder = new Decoder();
  let packet: Packet | undefined;
  decoder.on('decoded', (p: Packet) => {
    packet = p;
  });
  decoder.add(text);
  return packet;
};

describe('reading what a Socket.IO server sends', () => {
  const sent: [string, Packet][] = [
    ['an accepted connection', { type: PacketType.CONNECT, nsp: '/', data: { sid: 'a1' } }],
    [
      'an event with nested, non-ASCII data',
      {
        type: PacketType.EVENT,
        nsp: '/',
        data: ['oh_event', { id: 7, message: 'déjà vu, "quoted", 🚀', args: { list: [1, null] } }],
      },
    ],
    [
      'an event that asks for an acknowledgement',
      { type: PacketType.EVENT, nsp: '/', id: 12, data: ['oh_event', { id: 1 }] },
    ],
    [
      'a refusal',
      { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'invalid_session_api_key' } },
    ],
    ['a disconnect', { type: PacketType.DISCONNECT, nsp: '/' }],
    ['an event in another namespace', { type: PacketType.EVENT, nsp: '/admin', data: ['x', 1] }],
  ];
  it.each(sent)('%s', (_name, packet) => {
    expect(readPacket(encoded(packet))).toEqual({
      type: String(packet.type),
      namespace: packet.nsp,
      data: packet.data,
    });
  });

  it('cannot read broken JSON or binary attachments, and says so with null', () => {
    expect(readPacket('2["oh_event",{"id":')).toBeNull();
    expect(readPacket('')).toBeNull();
    const binary = encoded({
      type: PacketType.BINARY_EVENT,
      nsp: '/',
      data: ['oh_event', { _placeholder: true, num: 0 }],
      attachments: 1,
    });
    expect(readPacket(binary)).toBeNull();
  });
});

describe('what the client sends is what Socket.IO reads', () => {
  const frames: [string, string, unknown][] = [
    ['a connection to the main namespace', socketIo.connect, undefined],
    [
      'an action',
      socketIo.event,
      ['oh_user_action', { action: 'message', args: { content: 'ça va?' } }],
    ],
    ['a goodbye', socketIo.disconnect, undefined],
  ];
  it.each(frames)('%s', (_name, type, data) => {
    const frame = packetFrame(type, data);
    expect(frame.charAt(0)).toBe(engine.message);
    expect(decoded(frame.slice(1))).toEqual({
      type: Number(type),
      nsp: '/',
      ...(data === undefined ? {} : { data }),
    });
  });
});

describe("the server's open packet", () => {
  it('gives how long the server may stay silent, or null without a usable pair', () => {
    expect(
      silenceLimitOf('{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":20000}'),
    ).toBe(45_000);
    expect(silenceLimitOf('{"sid":"s","pingInterval":25000}')).toBeNull();
    expect(silenceLimitOf('{"pingInterval":-1,"pingTimeout":5}')).toBeNull();
    expect(silenceLimitOf('null')).toBeNull();
    expect(silenceLimitOf('{"sid":')).toBeNull();
  });
});
