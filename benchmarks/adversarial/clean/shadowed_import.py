"""`pmean` is imported from jax.lax, then shadowed by a local weighted mean."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.lax import pmean, psum
from jax.sharding import NamedSharding, PartitionSpec as P


def pmean(x, axis_name, weights=None):  # noqa: F811 - replaces the import: weighted, per-axis
    w = jnp.ones_like(x) if weights is None else weights
    return psum(x * w, axis_name) / psum(w, axis_name)


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(16,)).astype(np.float32), rng.uniform(size=(16,)).astype(np.float32)


def main(vals, weights):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    vals = jax.device_put(vals, NamedSharding(mesh, P("data")))
    weights = jax.device_put(weights, NamedSharding(mesh, P("data")))

    def body(v, w):
        return pmean(jnp.sum(v * w, keepdims=True), "data", jnp.sum(w, keepdims=True))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data"), P("data")), out_specs=P())(vals, weights)


if __name__ == "__main__":
    print(main(*inputs()))
