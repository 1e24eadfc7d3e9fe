"""Near miss of cl4: the final psum runs over 'i' only, on which the sum of the leaf norms still
varies (the kernel's norm varies on 'i', the bias's is invariant there: their sum varies)."""
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
        return jax.lax.psum(total, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(grads)
