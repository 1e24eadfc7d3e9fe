"""Parameters are a dataclass registered with `register_dataclass` (explicit data and meta fields);
each leaf's key path is its field's GetAttrKey (`.name`), which picks the gather axis; the
field's norm is gathered over 'i', which it was not summed over."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Dense:
    kernel: object
    bias: object
    tag: str


jax.tree_util.register_dataclass(Dense, data_fields=["kernel", "bias"], meta_fields=["tag"])

GATHER_AXIS = {"kernel": "i", "bias": "i"}


def norm_to_host(v, axis):
    norm = jax.lax.psum(jnp.sum(v * v), "j")
    return jax.lax.all_gather(norm, axis, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    params = Dense(placed, placed, "dense")
    spec = Dense(P("i", "j"), P("i", "j"), "dense")
    out = Dense(P(reduced={"i"}), P(reduced={"i"}), "dense")
    axes = jax.tree_util.tree_map_with_path(lambda path, v: GATHER_AXIS[path[-1].name], params)  # (on the host)
    return jax.shard_map(lambda p: jax.tree.map(norm_to_host, p, axes), mesh=mesh,
                         in_specs=(spec,), out_specs=out)(params)


if __name__ == "__main__":
    main(*inputs())
