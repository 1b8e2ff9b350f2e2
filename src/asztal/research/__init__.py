"""Research at scale: results as data, backends, plots and reports (see docs/research.md)."""
