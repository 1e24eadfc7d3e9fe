"""Each leaf's norm is summed over the axes its spec names, read from a specs tree mapped beside
the updates (`jax.tree.map(one, updates, specs)`, `tuple(a for a in spec if ...)`); the bias is
replicated over 'i', so the sum of the leaves is invariant on 'j' only, and the tuple psum over
both axes meets it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = "i"


def model_axes(spec):
    return tuple(a for a in spec if a is not None and a != BATCH)


def leaf_norms(updates, specs):
    def one(u, spec):
        axes = model_axes(spec)
        sq = jnp.sum(u * u)
        return jax.lax.psum(sq, axes) if axes else sq
    return jax.tree.map(one, updates, specs)


def main(mesh, x):
    specs = {"bias": P("j"), "kernel": P("i", "j")}
    grads = {"bias": jax.device_put(x[0], NamedSharding(mesh, specs["bias"])),
             "kernel": jax.device_put(x, NamedSharding(mesh, specs["kernel"]))}

    def body(g):
        total = sum(jax.tree.leaves(leaf_norms(g, specs)))
        return jax.lax.psum(total, ("i", "j"))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(grads)
