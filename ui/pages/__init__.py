"""Page modules; each has ``register(site)`` that declares its routes."""
