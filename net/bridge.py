"""An asyncio event loop on a background thread, for the blocking pygame loop.

The client's frame loop never awaits anything: it calls into the network
through a :class:`LoopThread`, which runs coroutines and callbacks on its own
loop and hands results back with a timeout.

>>> import asyncio
>>> lt = LoopThread("doctest")
>>> async def twice(x: int) -> int:
...     await asyncio.sleep(0)
...     return 2 * x
>>> lt.run(twice(21), timeout=5)
42
>>> lt.stop()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """A daemon thread running one asyncio event loop until :meth:`stop`."""

    def __init__(self, name: str = "bella-net") -> None:
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._main, name=name, daemon=True)
        self.thread.start()
        self._ready.wait(5)

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self._ready.set)
        try:
            self.loop.run_forever()
        finally:
            try:
                pending = asyncio.all_tasks(self.loop)
                for task in pending:
                    task.cancel()
                if pending:
                    self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
                self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            finally:
                self.loop.close()

    @property
    def alive(self) -> bool:
        """True while the loop runs."""
        return self.thread.is_alive() and not self.loop.is_closed()

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Schedule ``coro`` on the loop; return a thread-safe future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 10.0) -> T:
        """Run ``coro`` on the loop and wait for its result (its exceptions are re-raised here)."""
        return self.submit(coro).result(timeout)

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Call ``fn(*args)`` on the loop soon, without waiting (a no-op once stopped)."""
        if self.alive:
            with contextlib.suppress(RuntimeError):  # closed meanwhile
                self.loop.call_soon_threadsafe(fn, *args)

    def call_wait(self, fn: Callable[..., T], *args: Any, timeout: float = 10.0) -> T:
        """Call ``fn(*args)`` on the loop and return its result (or raise its exception)."""

        async def wrapper() -> T:
            return fn(*args)

        return self.run(wrapper(), timeout)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop (cancelling its tasks) and join the thread."""
        if self.thread is threading.current_thread():
            self.loop.stop()
            return
        if self.alive:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout)
