# PostgreSQL with the RUM extension, which the search's index of the papers' words uses
# (backend migration 20261203001000, docs/performance.md). The official Debian-based image carries
# the PostgreSQL project's apt repository, which packages the extension for its major version.
# Without it the journal still works: the search takes its GIN path.
ARG POSTGRES_MAJOR=16
FROM postgres:${POSTGRES_MAJOR}-bookworm
ARG POSTGRES_MAJOR
RUN apt-get update \
 && apt-get install -y --no-install-recommends "postgresql-${POSTGRES_MAJOR}-rum" \
 && rm -rf /var/lib/apt/lists/*
