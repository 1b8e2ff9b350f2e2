"""permessage-deflate from a size on (``wire.py``): a short message goes out as it is, a long one
compressed, and a client's decoder reads both, in any order, back to the very same text."""

from __future__ import annotations

import json

from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import TEXT, Frame

from asztal.server.wire import _Factory


def test_short_messages_go_plain_and_long_ones_compressed_and_both_read_back():
    client = ClientPerMessageDeflateFactory(client_max_window_bits=True)
    offer = client.get_request_params()
    response, server_side = _Factory(512).process_request_params(offer, [])
    client_side = client.process_response_params(response, [])
    pong = json.dumps({"type": "pong"}).encode()
    state = json.dumps({"type": "state", "board": "<g>" + "<rect x=\"1\"/>" * 400 + "</g>"}).encode()
    for data in (pong, state, pong, state, state):
        sent = server_side.encode(Frame(TEXT, data))
        assert sent.rsv1 == (len(data) >= 512)  # RSV1: compressed
        assert (len(sent.data) < len(data) / 4) if sent.rsv1 else sent.data == data
        assert client_side.decode(sent).data == data


def test_a_size_of_zero_compresses_every_message_as_uvicorn_would():
    _, every = _Factory(0).process_request_params(ClientPerMessageDeflateFactory().get_request_params(), [])
    assert every.encode(Frame(TEXT, b'{"type": "pong"}')).rsv1
