"""Per-layer bias application with itertools.starmap over (activation, bias) pairs."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def add_bias(h, b):
    return h + b


def body(h1, h2, b1, b2):
    full = [jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced") for h in (h1, h2)]
    return tuple(itertools.starmap(add_bias, zip(full, (b1, b2))))


def inputs():
    rng = np.random.default_rng(9)
    acts = [rng.normal(size=(16, 8)).astype(np.float32) for _ in range(2)]
    biases = [rng.normal(size=(8,)).astype(np.float32) for _ in range(2)]
    return (*acts, *biases)


def main(h1, h2, b1, b2):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    out = P("data", None, reduced={"model"})
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("data", "model"),) * 2 + (P(),) * 2,
                       out_specs=(out, out))
    return fn(put(h1, P("data", "model")), put(h2, P("data", "model")), put(b1, P()), put(b2, P()))


if __name__ == "__main__":
    main(*inputs())
