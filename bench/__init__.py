"""Benchmarks: engine throughput and bot strength; run as modules (``python -m bench.engine``)."""
