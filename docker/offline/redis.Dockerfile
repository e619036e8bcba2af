# Offline stand-in for the pinned upstream Redis image (docker/redis.Dockerfile), built by
# docker/provision.sh only when that image can neither be found locally nor pulled.
# Build context (assembled by provision.sh in a temp dir):
#   rootfs/usr/local/bin/redis-server          the host's Debian redis-server (symlink resolved)
#   rootfs/usr/local/bin/docker-entrypoint.sh  static Go program, docker/offline/redis-entrypoint
#   rootfs/<lib paths>                         every library `ldd` lists, and the dynamic loader
#   rootfs/tmp (1777), rootfs/data             writable dirs; /data is the working dir, as upstream
FROM scratch
ARG REDIS_VERSION=unknown
ARG DEBIAN_PACKAGE=unknown
ARG REPLACES=unknown
COPY rootfs/ /
ENV PATH=/usr/local/bin:/usr/bin:/bin
WORKDIR /data
EXPOSE 6379
LABEL org.opencontainers.image.title="redis-fault-lab offline redis" \
      org.opencontainers.image.description="FROM scratch + the host's Debian redis-server; offline stand-in for ${REPLACES}" \
      org.opencontainers.image.version="${REDIS_VERSION}" \
      redis-fault-lab.offline="true" \
      redis-fault-lab.replaces="${REPLACES}" \
      redis-fault-lab.source="debian package ${DEBIAN_PACKAGE}"
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
