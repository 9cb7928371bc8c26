"""Scores: one hand's penalties (:mod:`.scoring`) and a match's standings
(:mod:`.standings`)."""
