"""Microbenchmark harness: registered benchmarks report per-chip step times."""
import time
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("host", "chip"))
BENCHMARKS = {}


def benchmark(name, **defaults):
    def deco(fn):
        BENCHMARKS[name] = (fn, defaults)
        return fn
    return deco


@dataclass
class BenchConfig:
    warmup: int = 1
    iters: int = 3
    axes: dict = field(default_factory=lambda: {"hosts": "host", "chips": "chip"})


@benchmark("matmul_summary", reduce_over="chips")
def matmul_summary(cycles, cfg, reduce_over):
    axis = cfg.axes[reduce_over]
    per_host = jax.lax.psum(jnp.sum(cycles, axis=1, keepdims=True), axis)
    return jax.lax.all_gather(per_host, axis, axis=1, tiled=True, to="reduced")


def run_benchmark(name, cycles, cfg):
    fn, defaults = BENCHMARKS[name]
    body = lambda c: fn(c, cfg, **defaults)
    sharded = jax.shard_map(body, mesh=MESH, in_specs=P("host", "chip"),
                            out_specs=P("host", None, reduced={"chip"}))
    start = time.perf_counter()
    out = sharded(cycles)
    return out, time.perf_counter() - start


def inputs():
    c = jnp.arange(4 * 16, dtype=jnp.float32).reshape(4, 16) * 1e3
    return (jax.device_put(c, NamedSharding(MESH, P("host", "chip"))),)


def main(cycles):
    out, _ = run_benchmark("matmul_summary", cycles, BenchConfig())
    return out


if __name__ == "__main__":
    main(*inputs())
