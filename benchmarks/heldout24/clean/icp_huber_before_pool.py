"""Robust ICP: Huber weights on the pooled residuals of a scan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def huber_weight(r, delta=0.3):
    return jnp.where(r < delta, 1.0, delta / r)


def pooled_residuals(res, axis):
    return jax.lax.all_gather(res, axis, axis=1, tiled=True, to="reduced")


def weights_body(res):
    w = pooled_residuals(huber_weight(jnp.abs(res)), "points")
    return jnp.max(w, axis=1)


def inputs():
    rng = np.random.default_rng(65)
    return (rng.standard_normal((4, 64)).astype(np.float32),)


def main(res):
    mesh = jax.make_mesh((2, 4), ("scan", "points"))
    res = jax.device_put(res, NamedSharding(mesh, P("scan", "points")))
    fn = jax.shard_map(weights_body, mesh=mesh, in_specs=P("scan", "points"), out_specs=P("scan"))
    return fn(res)


if __name__ == "__main__":
    print(main(*inputs()))
