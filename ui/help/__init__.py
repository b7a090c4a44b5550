"""The rules help: one markdown text per game and language, and the situations it pictures."""
