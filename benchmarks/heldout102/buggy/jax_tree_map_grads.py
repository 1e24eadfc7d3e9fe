"""Gradient tree synchronised with jax.tree.map; logged norms gathered per leaf."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("data", "model"), "b": P("data", None)}


def sync_and_log(grads):
    synced = jax.tree.map(lambda g: jax.lax.psum(g, "model"), grads)
    norms = jax.tree.map(lambda g: jnp.sum(g * g, axis=-1, keepdims=True), synced)
    logged = jax.tree.map(lambda n: jax.lax.all_gather(n, "model", axis=1, tiled=True, to="reduced"), norms)
    return synced, logged


def inputs():
    rng = np.random.default_rng(49)
    return ({"w": rng.normal(size=(16, 8)).astype(np.float32),
             "b": rng.normal(size=(16, 4)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    grads = jax.tree.map(lambda g, s: jax.device_put(g, NamedSharding(mesh, s)), grads, SPECS)
    out_synced = {"w": P("data", None), "b": P("data", None)}
    out_logged = {"w": P("data", None, reduced={"model"}), "b": P("data", None, reduced={"model"})}
    fn = jax.shard_map(sync_and_log, mesh=mesh, in_specs=(SPECS,), out_specs=(out_synced, out_logged))
    return fn(grads)


if __name__ == "__main__":
    main(*inputs())
