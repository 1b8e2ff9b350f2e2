"""Data files of PAX (component pack, schemas). A package so that wheels include the JSON files."""
