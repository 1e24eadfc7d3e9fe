import jax
from jax.sharding import PartitionSpec as P


def gather_heads(t, axis):
    return jax.lax.all_gather(t, axis, axis=0, to="reduced", tiled=True)


def rearrange(t, pattern):
    if pattern == "b h -> h b":
        return t.T
    return t


def reduce_sum(t, axes):
    return jax.lax.psum(t, axes)  # SF103: its one call passes a reduced value


def body(h):
    heads = rearrange(gather_heads(h, "i"), "b h -> h b")
    return reduce_sum(heads, "i")


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
