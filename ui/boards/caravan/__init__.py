"""The Caravan board."""
