# Offline stand-in for the pinned upstream Toxiproxy image (docker/toxiproxy.Dockerfile), built by
# docker/provision.sh only when that image can neither be found locally nor pulled.
# Build context (assembled by provision.sh in a temp dir):
#   toxiproxy   /usr/local/bin/toxiproxy-server, built from source with CGO_ENABLED=0 (static)
# Same layout and arguments as upstream: /toxiproxy, ENTRYPOINT ["/toxiproxy"], CMD ["-host=0.0.0.0"].
FROM scratch
ARG TOXIPROXY_VERSION=unknown
ARG REPLACES=unknown
COPY toxiproxy /toxiproxy
EXPOSE 8474
LABEL org.opencontainers.image.title="redis-fault-lab offline toxiproxy" \
      org.opencontainers.image.description="FROM scratch + toxiproxy-server built from github.com/Shopify/toxiproxy; offline stand-in for ${REPLACES}" \
      org.opencontainers.image.version="${TOXIPROXY_VERSION}" \
      redis-fault-lab.offline="true" \
      redis-fault-lab.replaces="${REPLACES}" \
      redis-fault-lab.source="github.com/Shopify/toxiproxy/v2/cmd/server@v${TOXIPROXY_VERSION}"
ENTRYPOINT ["/toxiproxy"]
CMD ["-host=0.0.0.0"]
