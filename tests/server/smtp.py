"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the mail tests."""

from __future__ import annotations

import email
import email.policy
import queue
from email.message import EmailMessage

from aiosmtpd.controller import Controller

from tests.server.wire import free_port


class Inbox:
    """The aiosmtpd handler: every message accepted goes into ``received``."""

    def __init__(self) -> None:
        self.received: queue.Queue[tuple[list[str], EmailMessage]] = queue.Queue()

    async def handle_DATA(self, server, session, envelope) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.received.put((list(envelope.rcpt_tos), msg))
        return "250 OK"

    def next(self, timeout: float = 30) -> tuple[list[str], EmailMessage]:
        return self.received.get(timeout=timeout)

    def empty(self) -> bool:
        return self.received.empty()


class SmtpServer:
    def __init__(self) -> None:
        self.inbox = Inbox()
        self.port = free_port()
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def __enter__(self) -> SmtpServer:
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()
