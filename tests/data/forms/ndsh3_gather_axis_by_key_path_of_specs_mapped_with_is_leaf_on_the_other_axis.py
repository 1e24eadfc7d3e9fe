"""The specs tree is mapped with `is_leaf` (a PartitionSpec is asked first); leaf names are
spelled from the key path by the entries' classes (`isinstance(k, DictKey)`:
`k.key`, SequenceKey: `k.idx`), as pasted partition helpers do; both layers' norms are
gathered over 'i', which they were not summed over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_AXIS = [(r"layers/1/w", "i"), (r"layers/0/w", "i")]


def path_str(path):
    parts = []
    for k in path:
        if isinstance(k, jax.tree_util.DictKey):
            parts.append(str(k.key))
        elif isinstance(k, jax.tree_util.SequenceKey):
            parts.append(str(k.idx))
        else:
            parts.append(k.name)
    return "/".join(parts)


def axis_of(name):
    for pattern, axis in GATHER_AXIS:
        if pattern == name:
            return axis
    return None


def norm_to_host(v, axis):
    norm = jax.lax.psum(jnp.sum(v * v), "j")
    return jax.lax.all_gather(norm, axis, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    spec = {"layers": [{"w": P("i", "j")}, {"w": P("i", "j")}]}
    params = {"layers": [{"w": jax.device_put(x, NamedSharding(mesh, P("i", "j")))} for _ in range(2)]}
    out = {"layers": [{"w": P(reduced={"i"})}, {"w": P(reduced={"i"})}]}
    axes = jax.tree_util.tree_map_with_path(lambda path, s: axis_of(path_str(path)), spec,
                                          is_leaf=lambda s: isinstance(s, P))  # (on the host)
    return jax.shard_map(lambda p: jax.tree.map(norm_to_host, p, axes), mesh=mesh,
                         in_specs=(spec,), out_specs=out)(params)


if __name__ == "__main__":
    main(*inputs())
