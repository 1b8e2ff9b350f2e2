"""Batch play and statistics: many seeded games with bots in every seat."""
