"""E-mail (docs/mail.md): the settings (:mod:`ui.mail.settings`), the mails' words
(:mod:`ui.mail.compose`), the sender that empties the outbox over SMTP
(:mod:`ui.mail.sender`), what the pages and routes ask (:mod:`ui.mail.service`) and the
"your turn" mails and daily digest (:mod:`ui.mail.turns`). Without ``SMTP_URL`` none of it
starts, and the pages offer nothing of it."""
