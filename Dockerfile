# Tessera container image, built from the release tarball (npm run release), never from a checkout's node_modules.
#
#   npm run release                      # writes tessera-<version>.tgz here
#   podman build --format docker --build-arg VERSION=0.2.0 -t tessera:0.2.0 .
#
# (--format docker keeps the HEALTHCHECK: the OCI image format has no health check.) See docs/deploy.md.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_IMAGE} AS release
ARG VERSION
COPY tessera-${VERSION}.tgz /tmp/tessera.tgz
RUN mkdir /opt/tessera \
 && tar -xzf /tmp/tessera.tgz -C /opt/tessera --strip-components=1 --no-same-owner \
 && chmod -R a-w,a+rX /opt/tessera

FROM ${NODE_IMAGE}
ARG VERSION
LABEL org.opencontainers.image.title="Tessera" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="Apache-2.0"
COPY --from=release /opt/tessera /opt/tessera
# A system user without a login shell; /data is its only writable place (the image runs with a read-only root).
RUN groupadd --gid 10001 tessera \
 && useradd --uid 10001 --gid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin tessera \
 && mkdir -m 0700 /data && chown 10001:10001 /data \
 && ln -s /opt/tessera/bin/tessera /usr/local/bin/tessera
# Production mode by default: an https TESSERA_BASE_URL and a KEK are required, either TESSERA_KEK in the
# environment or TESSERA_KEK_FILE naming a mounted key file (a secret), e.g. /run/secrets/tessera_kek.
ENV NODE_ENV=production \
    TESSERA_ENV=production \
    TESSERA_DATA_DIR=/data \
    TESSERA_PUBLIC_HOST=0.0.0.0 \
    TESSERA_ADMIN_HOST=0.0.0.0
USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 9080 9081
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.TESSERA_PUBLIC_PORT||9080}/healthz`).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["tessera"]
CMD ["serve"]
