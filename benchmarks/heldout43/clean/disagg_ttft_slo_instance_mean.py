"""Time-to-first-token SLO attainment across prefill instances."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("instance", "tp"))
tp_sum = functools.partial(jax.lax.psum, axis_name="tp")
TTFT_SLO_MS = 250.0


def attainment(ttft_ms, finished):
    met = jnp.sum((ttft_ms <= TTFT_SLO_MS) * finished, axis=1)
    count = jnp.sum(finished, axis=1)
    ratio = tp_sum(met) / jnp.maximum(tp_sum(count), 1.0)
    return jax.lax.pmean(ratio, MESH.axis_names[0])


def inputs():
    rng = np.random.default_rng(64)
    ttft = rng.gamma(2.0, 100.0, size=(8, 16)).astype(np.float32)
    finished = (rng.random((8, 16)) < 0.8).astype(np.float32)
    return ttft, finished


def main(ttft_ms, finished):
    spec = P(*MESH.axis_names)
    ttft_ms = jax.device_put(ttft_ms, NamedSharding(MESH, spec))
    finished = jax.device_put(finished, NamedSharding(MESH, spec))
    fn = jax.shard_map(attainment, mesh=MESH, in_specs=(spec, spec), out_specs=P())
    return fn(ttft_ms, finished)


if __name__ == "__main__":
    main(*inputs())
