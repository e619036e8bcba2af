module redis-fault-lab/offline/redis-entrypoint

go 1.21
