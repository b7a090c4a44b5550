# Caravanserai: docker build -t caravanserai . && docker run -p 8080:8080 -v caravanserai:/app/data caravanserai
# Pin the base by digest at deploy time if wanted: --build-arg PYTHON_IMAGE=python:3.11-slim@sha256:…
ARG PYTHON_IMAGE=python:3.11-slim
FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The dependency layer first: rebuilt only when the locked versions change.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock

# The site runs from its source in /app (nothing to build, so nothing unpinned to fetch).
COPY pyproject.toml README.md ./
COPY core core
COPY storage storage
COPY ui ui

# Not root: a user of its own, owning only the data volume.
RUN useradd --system --uid 10001 --no-create-home --home-dir /app caravanserai \
    && mkdir -p /app/data/nicegui \
    && chown -R caravanserai /app/data
USER caravanserai

# Everything kept lives in the volume: the database, the cookie secret and NiceGUI's
# per-visitor storage (guest identities and sign-ins), so a new container remembers them.
ENV PORT=8080 \
    HOST=0.0.0.0 \
    NICEGUI_STORAGE_PATH=/app/data/nicegui
VOLUME ["/app/data"]
EXPOSE 8080

# Healthy once the database answers and every unfinished game has been recovered.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('PORT', '8080'), timeout=4)"]

CMD ["python", "-m", "ui.app"]
