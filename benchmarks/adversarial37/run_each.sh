#!/bin/sh
# Runs each program given in its own process (8 CPU devices) and prints run_all.py's line for it.
here=$(dirname "$0")
for f in "$@"; do
  XLA_FLAGS=--xla_force_host_platform_device_count=8 JAX_PLATFORMS=cpu nice python3 "$here/run_all.py" "$f" 2>/dev/null
done
