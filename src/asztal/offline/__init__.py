"""The solo games played in the page, offline: the same engine under Pyodide (docs/offline.md)."""
