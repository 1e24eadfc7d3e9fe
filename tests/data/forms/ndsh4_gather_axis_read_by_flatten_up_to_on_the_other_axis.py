"""The gather axes mirror the params as a tree; the host reads them leaf by leaf with
`treedef.flatten_up_to` (optimizer-state style), in the treedef's sorted-key order: the 'b'
leaf's norm is gathered over 'i', which it was not summed over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_AXES = {"b": "i", "a": "i"}


def norm_to_host(v, axis):
    norm = jax.lax.psum(jnp.sum(v * v), "j")
    return jax.lax.all_gather(norm, axis, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    params = {"b": placed, "a": placed}
    leaves, treedef = jax.tree.flatten(params)
    axes = treedef.flatten_up_to(GATHER_AXES)  # (on the host: ["i", "i"], sorted keys)
    spec = {"a": P("i", "j"), "b": P("i", "j")}
    out = {"a": P(reduced={"i"}), "b": P(reduced={"i"})}

    def body(p):
        flat = treedef.flatten_up_to(p)
        return treedef.unflatten([norm_to_host(v, axis) for v, axis in zip(flat, axes)])

    return jax.shard_map(body, mesh=mesh, in_specs=(spec,), out_specs=out)(params)


if __name__ == "__main__":
    main(*inputs())
