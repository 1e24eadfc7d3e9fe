"""Gradient tree handled with jax.tree.map: norms are logged before the model-axis sync."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("data", "model"), "b": P("data", "model")}


def sync_and_log(grads):
    norms = jax.tree.map(lambda g: jnp.sum(g * g, axis=-1, keepdims=True), grads)
    logged = jax.tree.map(lambda n: jax.lax.all_gather(n, "model", axis=1, tiled=True, to="reduced"), norms)
    synced = jax.tree.map(lambda g: jax.lax.psum(g, "model"), grads)
    return synced, logged


def inputs():
    rng = np.random.default_rng(116)
    return ({"w": rng.normal(size=(16, 8)).astype(np.float32),
             "b": rng.normal(size=(16, 4)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    grads = jax.tree.map(lambda g, s: jax.device_put(g, NamedSharding(mesh, s)), grads, SPECS)
    out_logged = {"w": P("data", None, reduced={"model"}), "b": P("data", None, reduced={"model"})}
    fn = jax.shard_map(sync_and_log, mesh=mesh, in_specs=(SPECS,),
                       out_specs=({"w": P("data", None), "b": P("data", None)}, out_logged))
    return fn(grads)


if __name__ == "__main__":
    main(*inputs())
