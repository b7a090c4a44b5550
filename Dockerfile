FROM python:3.11-slim

WORKDIR /app
COPY pyproject.toml README.md ./
COPY core core
COPY storage storage
COPY ui ui
RUN pip install --no-cache-dir .

ENV PORT=8080 HOST=0.0.0.0
VOLUME ["/app/data"]
EXPOSE 8080
CMD ["python", "-m", "ui.app"]
