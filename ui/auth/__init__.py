"""Sign-in: local accounts (argon2id passwords, rate-limited) and OpenID Connect providers.

Every change of who the browser is goes through an HTTP route (not the page's
websocket), so the session cookie can be replaced: :func:`ui.auth.session.become`
gives the browser a new session id at every sign-in, sign-up and sign-out, and the
old id is left as an anonymous guest.
"""
