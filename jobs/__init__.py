"""Work done off the web processes when the site runs as several: the bot worker."""
