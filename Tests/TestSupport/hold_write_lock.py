"""Holds an SQLite database's write lock until ended, as another writer would.

  hold_write_lock.py DATABASE READY

Opens DATABASE, begins an immediate transaction (the write lock, in WAL mode too), writes
"locked" to the file READY, and waits: every other writer gets SQLITE_BUSY until this process
ends (SIGTERM), which lets the lock go.
"""
import sqlite3
import sys
import time

sys.dont_write_bytecode = True  # importing the module below must not write a __pycache__ into the source tree
from exit_with_parent import exit_with_parent

exit_with_parent()
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
with open(sys.argv[2], "w") as ready:
    ready.write("locked\n")
while True:
    time.sleep(60)
