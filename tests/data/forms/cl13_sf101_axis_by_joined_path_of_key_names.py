"""Leaf names are '/'-joined from the key path (`str(getattr(k, "key", k))`, as flax's
`flatten_dict` helpers spell it) and looked up in a table of gather axes; the norms were summed
over 'j', and the table gathers the decoder's over 'j' again."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_AXIS = {"decoder/w": "j", "encoder/w": "i"}


def leaf_name(path):
    return "/".join(str(getattr(k, "key", k)) for k in path)


def norms_to_host(path, v):
    norm = jax.lax.psum(jnp.sum(v * v), "j")
    return jax.lax.all_gather(norm, GATHER_AXIS[leaf_name(path)], to="reduced")  # SF101


def main(mesh, x):
    spec = {"decoder": {"w": P("i", "j")}, "encoder": {"w": P("i", "j")}}
    params = {k: {"w": jax.device_put(x, NamedSharding(mesh, P("i", "j")))} for k in ("decoder", "encoder")}
    out = {"decoder": {"w": P("i", reduced={"j"})}, "encoder": {"w": P(reduced={"i"})}}
    return jax.shard_map(lambda p: jax.tree_util.tree_map_with_path(norms_to_host, p), mesh=mesh,
                         in_specs=(spec,), out_specs=out)(params)
