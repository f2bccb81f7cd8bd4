"""Ends a test helper when the process that started it is gone.

A test process that crashes or is killed never stops the servers it started; without this they
would run on (found after one such crash: a dozen fixture and notification servers). The check is
a second's sleep on a thread of its own, in helpers that live only as long as a test run.
"""
import os
import threading
import time


def exit_with_parent() -> None:
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
