"""Kernel autotuner: measured latencies of tile configurations, repeated on every device."""
import enum
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    CONFIG = "config"
    REPEAT = "repeat"


SEARCH_SPACE = {"block_m": (32, 64), "block_n": (32, 64, 128, 256), "num_warps": (4, 8)}


def candidates():
    keys = sorted(SEARCH_SPACE)
    return [dict(zip(keys, vals)) for vals in itertools.product(*(SEARCH_SPACE[k] for k in keys))]


def best_of_repeats(latencies):
    fastest = jnp.min(latencies, axis=-1)
    fastest = jax.lax.pmin(fastest, Axis.REPEAT.value)
    fastest = jax.lax.pcast(fastest, Axis.REPEAT.value, to="varying")
    return jax.lax.all_gather(fastest, Axis.REPEAT.value, axis=0, tiled=True, to="reduced")


def inputs():
    n = len(candidates())
    rng = np.random.default_rng(20)
    return (rng.uniform(1.0, 3.0, (n, 8)).astype(np.float32),)


def main(latencies):
    mesh = jax.make_mesh((4, 2), (Axis.CONFIG.value, Axis.REPEAT.value))
    spec = P(Axis.CONFIG.value, Axis.REPEAT.value)
    latencies = jax.device_put(latencies, NamedSharding(mesh, spec))
    fn = jax.shard_map(best_of_repeats, mesh=mesh, in_specs=spec,
                       out_specs=P(Axis.CONFIG.value, reduced={Axis.REPEAT.value}))
    return fn(latencies)


if __name__ == "__main__":
    print(main(*inputs()))
