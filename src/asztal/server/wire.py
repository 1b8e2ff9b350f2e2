"""The WebSocket wire: permessage-deflate only for the messages where it pays.

uvicorn offers permessage-deflate for every message or for none. Compressing is the event
loop's work, per socket (each has its own compression context). A ``state`` (4 KiB on
average under ``benchmarks/load.py``: a move's patches, its log lines) shrinks to about a
fifth for some 40-60 µs of CPU, which pays for any link; a pong or a seat event (tens of
bytes) saves almost nothing for a compressor's call. So a message shorter than ``min_size``
bytes goes out as it is (RFC 7692 lets a sender leave any message uncompressed: its frame's
RSV1 bit clear, and both compression contexts stay as they were), a longer one compressed
(``docs/operations.md``, "Load", has the measured trade-off of larger thresholds).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import BINARY, TEXT, Frame
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter


class _Deflate(PerMessageDeflate):
    """permessage-deflate that sends a message shorter than ``min_size`` uncompressed."""

    min_size = 0

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode in (TEXT, BINARY) and frame.fin and len(frame.data) < self.min_size:
            return frame  # RSV1 clear: the peer reads it as it is, and both contexts stay as they were
        return super().encode(frame)


class _Factory(ServerPerMessageDeflateFactory):
    """uvicorn's own settings (4 KiB windows, ``memLevel`` 5), with ``_Deflate`` negotiated."""

    def __init__(self, min_size: int) -> None:
        super().__init__(server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 5})
        self.min_size = min_size

    def process_request_params(self, params: Any, accepted_extensions: Any) -> tuple[list[ExtensionParameter],
                                                                                     PerMessageDeflate]:
        response, extension = super().process_request_params(params, accepted_extensions)
        extension.__class__ = _Deflate  # the same object, negotiated as uvicorn would, sending small ones plain
        assert isinstance(extension, _Deflate)
        extension.min_size = self.min_size
        return response, extension


def protocol(min_size: int) -> type[asyncio.Protocol]:
    """uvicorn's WebSocket protocol (``Config(ws=...)``) compressing only messages of at least
    ``min_size`` bytes (0: every message, as uvicorn does; below 0: none)."""

    class Protocol(WebSocketsSansIOProtocol):
        def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any],
                     _loop: asyncio.AbstractEventLoop | None = None) -> None:
            super().__init__(config, server_state, app_state, _loop)
            self.conn = ServerProtocol(extensions=[_Factory(min_size)] if min_size >= 0 else [],
                                       max_size=config.ws_max_size, logger=self.conn.logger)

    return Protocol
