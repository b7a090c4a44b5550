"""The site as several processes on one machine (docs/cluster.md): the balancer's
configuration (haproxy.cfg.in), the launcher behind ``make cluster`` (cluster.py) and
the rolling restart behind ``make rolling-restart`` (rolling_restart.py)."""
